import Foundation
import LacriptaCore
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

/// `lacripta live --json` lines: remembering figures between lines must never print a stale one,
/// and a hostile figure prints as null. The numbers and strings in them are `JSONWriterTests`.
@Suite("NDJSON formatting")
struct NDJSONFormattingTests {
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
            var fresh = ""
            LiveLine.json(change.snapshot, into: &fresh)
            #expect(String(decoding: remembered.bytes, as: UTF8.self) == fresh)
        }
        var last = OutputBytes()
        formatter.format(merged[6].snapshot, into: &last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.bytes)) as? [String: Any])
        #expect(object["price"] as? Double == 61500)
        #expect(object["change"] as? Double == 1500)
        #expect(object["high"] as? Double == 63000.5)
        #expect(object["volume24h"] as? Double == 99.5)
    }

    @Test(
        "the change is written at its figures' own precision (1272.14, not binary noise), never -0; a figure with an exponent leaves it as it is",
        arguments: [
            (#""PRICE":118652.38,"OPENDAY":117380.24"#, #""change":1272.14,"#),
            (#""PRICE":0.123456,"OPENDAY":0.1"#, #""change":0.023456,"#),
            (#""PRICE":3000,"OPENDAY":2999.7"#, #""change":0.3,"#),
            (#""PRICE":100.1,"OPENDAY":100.1"#, #""change":0,"#),
            (#""PRICE":62000.5,"OPENDAY":60000"#, #""change":2000.5,"#),
        ])
    func changeAtTheFiguresPrecision(members: String, written: String) throws {
        let change = try #require(try changes([#""FLAGS":1,"# + members]).first)
        var formatter = LiveLine.JSONFormatter(prefix: LiveLine.jsonPrefix(change.pair))
        var line = OutputBytes()
        formatter.format(change.snapshot, into: &line)
        let text = String(decoding: line.bytes, as: UTF8.self)
        #expect(text.contains(written), "\(text)")
    }

    @Test("the places of a written number: after the point, none for a whole number, unknown with an exponent")
    func decimalsOfWrittenNumbers() {
        for (text, places) in [("1272.14", 2), ("42", 0), ("-0.000123", 6), ("1e-7", -1), ("1.5E+20", -1)] {
            let found = Array(text.utf8).withUnsafeBytes { LiveLine.NumberText.decimals($0) }
            #expect(found == places, "\(text)")
        }
        #expect(LiveLine.rounded(1272.1399999999994, toDecimals: 2) == 1272.14)
        #expect(LiveLine.rounded(-0.0000001, toDecimals: 2).sign == .plus)
        #expect(LiveLine.rounded(0.1 + 0.2, toDecimals: -1) == 0.1 + 0.2)
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
}
