import Foundation
import LacriptaCore
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

/// The NDJSON hot path: bytes written by hand must be exactly what the documented format says,
/// and remembering figures between lines must never print a stale one.
@Suite("NDJSON formatting")
struct NDJSONFormattingTests {
    /// The text `appendJSONNumber` writes for `value`, checked to be the same whether or not the
    /// value is taken to come from the wire (the short-decimal path or the standard library's).
    private func number(_ value: Double?) -> String {
        var plain = OutputBytes()
        plain.appendJSONNumber(value)
        var wire = OutputBytes()
        wire.appendThroughCursor(limit: ByteCursor.longestNumber) { $0.appendJSONNumber(value, fromWire: true) }
        let text = String(decoding: plain.bytes, as: UTF8.self)
        #expect(String(decoding: wire.bytes, as: UTF8.self) == text, "\(String(describing: value))")
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
            var out = OutputBytes()
            out.append(value)
            #expect(String(decoding: out.bytes, as: UTF8.self) == String(value))
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

    /// A pair's changes from streamer message bodies (JSON members after the pair), merged in order.
    private func changes(_ bodies: [String]) throws -> [PriceChange] {
        var board = PriceBoard()
        return try bodies.map { members in
            let text = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","# + members + "}"
            guard case .update(let update) = StreamerMessage.parse(text) else { throw Unexpected() }
            guard let change = board.merge(update) else { throw Unexpected() }
            return change
        }
    }

    private struct Unexpected: Error {}

    @Test("a pair's formatter prints every line exactly as formatting it from scratch does")
    func formatterRemembersOnlyWhatRepeats() throws {
        let merged = try changes([
            #""FLAGS":1,"PRICE":62000.5,"OPENDAY":60000,"HIGHDAY":63000,"LOWDAY":59000,"LASTUPDATE":1700000000,"VOLUMEDAY":12.5"#,
            #""FLAGS":4,"VOLUMEDAY":12.75"#,
            #""FLAGS":2,"PRICE":61000.25,"LASTUPDATE":1700000001"#,
            #""FLAGS":4,"VOLUMEDAY":13,"VOLUME24HOUR":99.5"#,
            #""FLAGS":1,"PRICE":62000.5,"HIGHDAY":63000.5"#,  // a price seen two lines ago comes back
            #""FLAGS":2,"PRICE":61000.25,"OPENDAY":0"#,  // no change figures once the open is 0
            #""FLAGS":1,"PRICE":61500,"OPENDAY":60000"#,
        ])
        let prefix = LiveLine.jsonPrefix(merged[0].pair)
        var formatter = LiveLine.JSONFormatter(prefix: prefix)
        for change in merged {
            var remembered = OutputBytes()
            formatter.format(change.snapshot, into: &remembered)
            var fresh = OutputBytes()
            LiveLine.json(change.snapshot, prefix: prefix, into: &fresh)
            #expect(String(decoding: remembered.bytes, as: UTF8.self) == String(decoding: fresh.bytes, as: UTF8.self))
        }
        var last = OutputBytes()
        formatter.format(merged[6].snapshot, into: &last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.bytes)) as? [String: Any])
        #expect(object["price"] as? Double == 61500)
        #expect(object["change"] as? Double == 1500)
        #expect(object["high"] as? Double == 63000.5)
        #expect(object["volume24h"] as? Double == 99.5)
    }

    @Test("a LASTUPDATE that is no plausible whole number of seconds (huge, fractional, before 2009) prints as null, never traps")
    func hostileLastUpdate() throws {
        let cases = [("1e30", "null"), ("1700000000.5", "null"), ("-5", "null"), ("1.6e13", "null"), ("1753184196", "1753184196")]
        for (wire, printed) in cases {
            let text = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":1,"PRICE":1,"LASTUPDATE":"# + wire + "}"
            guard case .update(let update) = StreamerMessage.parse(text) else {
                Issue.record("not an update: \(wire)")
                continue
            }
            var board = PriceBoard()
            var line = ""
            let merged = board.merge(update)
            LiveLine.json(try #require(merged).snapshot, into: &line)
            #expect(line.contains(#","lastUpdate":"# + printed + ","), "\(wire) → \(line)")
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
            var out = OutputBytes()
            out.append(value)
            #expect(String(decoding: out.bytes, as: UTF8.self) == String(value))
        }
        var out = OutputBytes()
        out.appendJSONNumber(-1.7976931348623157e308)
        out.appendJSONNumber(-2.2250738585072014e-308)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "-1.7976931348623157e+308-2.2250738585072014e-308")
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
