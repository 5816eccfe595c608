import LacriptaTestSupport
import Testing

@testable import LacriptaCore

/// The fast number path against the standard library's correctly rounded parser, on many values.
@Suite("Number scanning")
struct NumberParsingTests {
    /// Parses `text` twice: alone (the general loop: fewer than 32 bytes follow) and followed by
    /// the rest of a message (where the word-at-a-time path may take it); both must agree.
    private func parse(_ text: String) throws -> Double {
        let alone = try number(text, followedBy: "")
        let inMessage = try number(text, followedBy: #","VOLUME24HOURTO":1744076441.94166}"#)
        #expect(alone == inMessage, "\(text): \(alone.value) alone, \(inMessage.value) in a message")
        return inMessage.value
    }

    private func number(_ text: String, followedBy rest: String) throws -> JSONNumber {
        let bytes = Array((text + rest).utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            let base = try #require(buffer.baseAddress)
            let (number, end) = try JSONCursor.parseNumber(base, start: 0, limit: buffer.count)
            #expect(end == text.utf8.count, "stopped at \(end) in \(text)")
            return number
        }
    }

    @Test("the common shapes, at every length the word steps meet, agree with Double(String), integers exactly")
    func commonShapes() throws {
        var random = SeededRandom(seed: 99)
        for integerDigits in 1...9 {
            for fractionDigits in 0...18 {
                for _ in 0..<20 {
                    var text = Bool.random(using: &random) ? "-" : ""
                    text += integerDigits == 1 ? String(Int.random(in: 0...9, using: &random)) : String(Int.random(in: 1...9, using: &random))
                    for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
                    if fractionDigits > 0 {
                        text += "."
                        for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &random)) }
                    }
                    let expected = try #require(Double(text))
                    #expect(try parse(text).bitPattern == expected.bitPattern, "\(text)")
                    if fractionDigits == 0 {
                        #expect(try number(text, followedBy: String(repeating: " ", count: 40)).integer == Int64(text))
                    }
                }
            }
        }
        for text in ["0", "-0", "0.5", "00.5", "01", "1.", "1.e5", "-", "1e5", "1E-5", "12345678", "0.00023747"] {
            let alone = try? number(text, followedBy: "")
            let inMessage = try? number(text, followedBy: String(repeating: "}", count: 40))
            #expect(alone == inMessage, "\(text)")
        }
    }

    @Test("shortest representations of random doubles read back bit for bit")
    func randomDoubles() throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -12...16, using: &random)
            let value = Double.random(in: 1..<10, using: &random) * pow10(magnitude.rounded()) * (Bool.random(using: &random) ? 1 : -1)
            let text = "\(value)"
            #expect(try parse(text).bitPattern == value.bitPattern, "\(text)")
        }
    }

    @Test("random digit strings agree with Double(String)")
    func randomDigitStrings() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<20_000 {
            let integerDigits = Int.random(in: 1...12, using: &random)
            let fractionDigits = Int.random(in: 0...12, using: &random)
            var text = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &random)) }
            }
            if Bool.random(using: &random) { text += "e" + String(Int.random(in: -30...30, using: &random)) }
            let expected = try #require(Double(text))
            #expect(try parse(text).bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test("integers keep their exact value")
    func integers() throws {
        let bytes = Array("9223372036854775807".utf8)
        let number = try bytes.withUnsafeBufferPointer { buffer in
            try JSONCursor.parseNumber(try #require(buffer.baseAddress), start: 0, limit: buffer.count).0
        }
        #expect(number.integer == Int64.max)
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        let steps = Int(abs(exponent))
        for _ in 0..<steps { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}
