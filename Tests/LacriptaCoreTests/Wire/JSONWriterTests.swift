import Foundation
import LacriptaTestSupport
import Testing

@testable import LacriptaCore

/// The JSON writer of `Wire/` (`OutputBytes`, `ByteCursor`): bytes written by hand must be
/// exactly what JSON and Swift's own number printing say. The lines built from it are
/// `NDJSONFormattingTests` in the CLI's tests.
@Suite("JSON writing")
struct JSONWriterTests {
    /// What `body` writes through a cursor with exactly `limit` bytes of room (the debug build
    /// checks every write against it), as text.
    private func written(limit: Int, _ body: (inout ByteCursor) -> Void) -> String {
        var out = OutputBytes()
        out.appendThroughCursor(limit: limit, body)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The text `appendJSONNumber` writes for `value`, checked to be the same whether or not the
    /// value is taken to come from the wire (the short-decimal path or the standard library's).
    private func number(_ value: Double?) -> String {
        let text = written(limit: ByteCursor.longestNumber) { $0.appendJSONNumber(value) }
        let fromWire = written(limit: ByteCursor.longestNumber) { $0.appendJSONNumber(value, fromWire: true) }
        #expect(fromWire == text, "\(String(describing: value))")
        return text
    }

    /// The text `appendJSONString` writes for `text`.
    private func string(_ text: String) -> String {
        var out = OutputBytes()
        out.appendJSONString(text)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test("numbers: whole numbers as integers, others shortest round-trip, no NaN or infinity")
    func numbers() {
        #expect(number(62000) == "62000")
        #expect(number(-1196) == "-1196")
        #expect(number(-0.0) == "0")
        #expect(number(999_999_999_999_999) == "999999999999999")
        #expect(number(1e15) == "1000000000000000.0")  // from 10^15 on, as Swift prints it (valid JSON)
        #expect(number(0.1) == "0.1")
        #expect(number(118_644.0060601713) == "118644.0060601713")
        #expect(number(-14.657425826249892) == "-14.657425826249892")
        #expect(number(2.5e-8) == "2.5e-08")
        #expect(number(nil) == "null")
        #expect(number(.nan) == "null")
        #expect(number(-.infinity) == "null")
        for value in [0.1, 1.0 / 3, 62_549.6479118955, 2_360_785_076_649.628, 1.7976931348623157e308] {
            #expect(Double(number(value)) == value)
        }
    }

    @Test("integers are written like String(_:)")
    func integers() {
        for value: Int64 in [0, 7, -7, 1_753_184_201, .max, .min] {
            #expect(written(limit: ByteCursor.longestInteger) { $0.append(value) } == String(value))
        }
    }

    @Test("wire strings are escaped: quotes, backslashes, controls, and everything outside ASCII")
    func strings() throws {
        #expect(string("BTC") == #""BTC""#)
        #expect(string("a\"b\\c") == #""a\"b\\c""#)
        #expect(string("\u{1B}[31m") == #""\u001b[31m""#)
        #expect(string("é€") == #""\u00e9\u20ac""#)
        #expect(string("🚀") == #""\ud83d\ude80""#)
        for text in ["a\"b\\c", "\u{1B}[31m\u{7F}", "é€🚀\u{0}"] {
            let decoded = try JSONSerialization.jsonObject(with: Data(string(text).utf8), options: .fragmentsAllowed)
            #expect(decoded as? String == text)
        }
    }

    @Test("integers at the edges of Int64 and long numbers fit the cursor's reserve exactly")
    func integerEdges() {
        var random = SeededRandom(seed: 64)
        let powers = (0...18).flatMap { power -> [Int64] in
            let ten = (0..<power).reduce(Int64(1)) { value, _ in value * 10 }
            return [ten, ten - 1, -ten, ten + 1]
        }
        let randoms = (0..<2000).map { _ in Int64.random(in: Int64.min...Int64.max, using: &random) >> Int64.random(in: 0...63, using: &random) }
        for value in [Int64.min, Int64.max, 0, -1, 1_753_184_196] + powers + randoms {
            #expect(written(limit: ByteCursor.longestInteger) { $0.append(value) } == String(value))
        }
        let longest = written(limit: 2 * ByteCursor.longestNumber) { cursor in
            cursor.appendJSONNumber(-1.7976931348623157e308)
            cursor.appendJSONNumber(-2.2250738585072014e-308)
        }
        #expect(longest == "-1.7976931348623157e+308-2.2250738585072014e-308")
    }

    @Test("short decimals (prices and volumes as the wire has them) print exactly as Swift prints them")
    func shortDecimalsMatchTheStandardLibrary() throws {
        var random = SeededRandom(seed: 2026)
        for _ in 0..<50_000 {
            let digitCount = Int.random(in: 1...16, using: &random)
            var digits = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &random)) }
            let exponent = Int.random(in: -7...17, using: &random)
            let text = (Bool.random(using: &random) ? "-" : "") + digits + "e" + String(exponent - digitCount + 1)
            let value = try #require(Double(text))
            let expected = value == value.rounded(.towardZero) && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            #expect(number(value) == expected, "\(text)")
        }
        for _ in 0..<20_000 {
            let value = Double(bitPattern: UInt64.random(in: 0x3F00_0000_0000_0000...0x4330_0000_0000_0000, using: &random))
            let expected = value == value.rounded(.towardZero) && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            #expect(number(value) == expected, "\(value.bitPattern)")
        }
        for value in [0.0001, 0.00012345, 0.1, 0.5, 62_549.6479118955, 99_999_999_999_999.9, 999_999_999_999_999.9, 1e-5, 2.5e-8] {
            #expect(number(value) == "\(value)")
            #expect(number(-value) == "\(-value)")
        }
    }

    @Test("eight digits at once are the zero-padded decimal text, first digit first")
    func eightDigits() {
        var random = SeededRandom(seed: 8)
        let edges: [UInt64] = [0, 1, 9, 10, 99, 100, 9999, 10_000, 10_001, 99_999_999, 12_345_678, 90_000_009]
        for value in edges + (0..<100_000).map({ _ in UInt64.random(in: 0..<100_000_000, using: &random) }) {
            var word = ByteCursor.eightDigits(value)
            let text = withUnsafeBytes(of: &word) { String(decoding: $0, as: UTF8.self) }
            let expected = String(repeating: "0", count: 8 - String(value).count) + String(value)
            #expect(text == expected)
            if text != expected { return }
        }
    }
}
