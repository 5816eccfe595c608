import Foundation
import LacriptaCore
import LacriptaTerminal
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

@Suite("Live view and lines")
struct LiveViewTests {
    private static let btc = Subscription.aggregate(from: "BTC", to: "USD")
    private static let eth = Subscription.aggregate(from: "ETH", to: "USD")

    /// Merges streamer message bodies (JSON members after the pair) into a board, in order.
    private func changes(_ bodies: [String], from: String = "BTC") throws -> [PriceChange] {
        var board = PriceBoard()
        return try bodies.enumerated().map { index, members in
            let text = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":""# + from + #"","TOSYMBOL":"USD","# + members + "}"
            guard case .update(let update) = StreamerMessage.parse(text) else { throw Unexpected() }
            guard let change = board.merge(update, receivedAt: .seconds(index)) else { throw Unexpected() }
            return change
        }
    }

    private struct Unexpected: Error {}

    @Test("NDJSON lines are valid JSON with the documented fields, merged across partial updates")
    func jsonLines() throws {
        let merged = try changes([
            #""FLAGS":"1","PRICE":62000.5,"OPENDAY":60000,"HIGHDAY":63000,"LOWDAY":59000,"LASTUPDATE":1700000000,"VOLUMEDAY":12.5"#,
            #""FLAGS":2,"PRICE":61000,"LASTUPDATE":1700000001"#,
            #""FLAGS":4,"VOLUMEDAY":13"#,
        ])
        var out = ""
        for change in merged { LiveLine.json(change.snapshot, into: &out) }
        let lines = out.split(separator: "\n")
        #expect(lines.count == 3)
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects[0]["symbol"] as? String == "BTC")
        #expect(objects[0]["currency"] as? String == "USD")
        #expect(objects[0]["price"] as? Double == 62000.5)
        #expect(objects[0]["direction"] as? String == "up")
        #expect(objects[1]["price"] as? Double == 61000)
        #expect(objects[1]["direction"] as? String == "down")
        #expect(objects[1]["change"] as? Double == 1000)
        #expect(objects[1]["changePercent"] as? Double == 1000.0 / 60000 * 100)
        #expect(objects[1]["lastUpdate"] as? Int == 1_700_000_001)
        // A volume-only update keeps the last price and says unchanged.
        #expect(objects[2]["price"] as? Double == 61000)
        #expect(objects[2]["direction"] as? String == "unchanged")
        #expect(objects[2]["volumeDay"] as? Double == 13)
        #expect(objects[2]["volume24h"] is NSNull)
    }

    @Test("plain lines read without colour: pair, price, arrow and change since the day's open")
    func plainLines() throws {
        let merged = try changes([#""FLAGS":2,"PRICE":59000,"OPENDAY":60000,"HIGHDAY":61000,"LOWDAY":58000"#])
        let line = LiveLine.plain(merged[0].snapshot, currency: "USD", at: Date(timeIntervalSince1970: 3661)).plainText
        #expect(line == "01:01:01  BTC/USD  $59,000.00  ▼ -$1,000.00 (-1.67%)  H $61,000.00  L $58,000.00")
    }

    @Test("the table keeps request order, flashes a changed price for a moment, and shows ages")
    func board() throws {
        let btc = try #require(Self.btc)
        let eth = try #require(Self.eth)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var model = LiveModel(pairs: [eth.pair, btc.pair])
        model.apply(.state(.live), at: start)
        let merged = try changes([#""FLAGS":1,"PRICE":100,"OPENDAY":90"#, #""FLAGS":1,"PRICE":101"#])
        model.apply(.update(merged[0]), at: start)
        model.apply(.update(merged[1]), at: start.addingTimeInterval(1))
        let table = LiveTable(model: model, currency: "USD")
        let during = table.lines(at: start.addingTimeInterval(1.5), width: 100)
        let renderer = ANSIRenderer(colorEnabled: true)
        #expect(during[1].plainText.hasPrefix("ETH"))
        #expect(during[1].plainText.contains("waiting…"))
        #expect(during[2].plainText.hasPrefix("BTC"))
        #expect(renderer.render(during[2]).contains("\u{1B}[32;7m$101.00") || renderer.render(during[2]).contains("\u{1B}[7;32m$101.00"))
        let after = table.lines(at: start.addingTimeInterval(43), width: 100)
        #expect(!renderer.render(after[2]).contains("7m$101.00"))
        #expect(after[2].plainText.contains("42 s"))
        #expect(after[2].plainText.contains("▲ +$11.00 (+12.22%)"))
        #expect(after.last?.plainText.hasPrefix("● LIVE") == true)
    }

    @Test("status lines name the state, attempt and wait")
    func status() {
        var model = LiveModel()
        #expect(LiveTable(model: model, currency: "USD").statusLine.plainText == "CONNECTING")
        model.apply(.state(.reconnecting(attempt: 3, nextIn: .milliseconds(7200), reason: .connectionLost)), at: Date())
        #expect(LiveTable(model: model, currency: "USD").statusLine.plainText == "RECONNECTING (attempt 3, next in 8 s)  connection lost")
        model.apply(.state(.stale(age: .seconds(42))), at: Date())
        #expect(LiveTable(model: model, currency: "USD").statusLine.plainText.hasPrefix("STALE 42 s"))
        model.apply(.state(.connecting(attempt: 1)), at: Date())
        #expect(LiveTable(model: model, currency: "USD").statusLine.plainText == "CONNECTING")
    }

    @Test("rejected pairs say so, and all rejected means nothing to show")
    func rejected() throws {
        let btc = try #require(Self.btc)
        let foo = try #require(Subscription.aggregate(from: "FOO", to: "USD"))
        var model = LiveModel(pairs: [btc.pair, foo.pair])
        let info = "We have not integrated any of the exchanges FOO trades on"
        model.apply(.invalidSubscription(InvalidSubscription(parameter: "5~CCCAGG~FOO~USD", subscription: foo, info: info)), at: Date())
        #expect(!model.everythingRefused)
        let lines = LiveTable(model: model, currency: "USD").lines(at: Date(), width: 120)
        #expect(lines[2].plainText.hasPrefix("FOO") && lines[2].plainText.contains("unavailable"))
        #expect(lines.last?.plainText == "FOO/USD is not available on the streamer: \(info)")
        model.apply(.invalidSubscription(InvalidSubscription(parameter: "5~CCCAGG~BTC~USD", subscription: btc, info: "x")), at: Date())
        #expect(model.everythingRefused)
    }
}
