import Foundation
import LacriptaCore
import LacriptaTerminal
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

/// The sink `live` hands its feed off a terminal: lines made as updates merge, written per batch.
@Suite("live lines made on the feed")
struct LiveLineSinkTests {
    private static let btc = Subscription.aggregate(from: "BTC", to: "USD")
    private static let eth = Subscription.aggregate(from: "ETH", to: "USD")

    /// Merged changes for `lines` of streamer JSON, as the feed would hand them over.
    private func changes(_ lines: [String]) throws -> [PriceChange] {
        var board = PriceBoard()
        return try lines.map { line in
            guard case .update(let update) = StreamerMessage.parse(line) else { throw Unexpected() }
            guard let change = board.merge(update) else { throw Unexpected() }
            return change
        }
    }

    private struct Unexpected: Error {}

    private static let updates = [
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":1,"PRICE":62000.5,"OPENDAY":61000,"LASTUPDATE":1753184196}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"XMR","TOSYMBOL":"USD","FLAGS":1,"PRICE":150}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":2,"PRICE":3000.25}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":4,"VOLUMEDAY":9820.5}"#,
    ]

    @Test("NDJSON lines for the requested pairs only, written once per batch, exactly as the formatter makes them")
    func jsonLinesPerBatch() throws {
        let output = RecordingOutput()
        let sink = LiveLineSink(output: output, form: .json, subscriptions: [Self.btc, Self.eth].compactMap { $0 })
        let changes = try changes(Self.updates)
        for change in changes.prefix(3) { #expect(sink.receive(change)) }
        #expect(output.writes.isEmpty, "nothing is written before the batch ends")
        sink.endOfBatch()
        #expect(sink.receive(changes[3]))
        sink.endOfBatch()
        sink.endOfBatch()
        try sink.finish()
        #expect(output.writes.count == 2, "one write per batch that had lines")
        var expected = ""
        for change in [changes[0], changes[2], changes[3]] { LiveLine.json(change.snapshot, into: &expected) }
        #expect(output.text == expected)
        #expect(!output.text.contains("XMR"))
        let objects = output.text.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.map { $0?["symbol"] as? String } == ["BTC", "ETH", "BTC"])
        #expect(objects[2]?["volumeDay"] as? Double == 9820.5)
        #expect(objects[2]?["price"] as? Double == 62000.5, "a partial update prints the merged state")
    }

    @Test("--count: the sink asks the feed to stop on the last line and takes no more")
    func countLimit() throws {
        let output = RecordingOutput()
        let sink = LiveLineSink(output: output, form: .json, subscriptions: [Self.btc, Self.eth].compactMap { $0 }, limit: 2)
        let changes = try changes(Self.updates)
        #expect(sink.receive(changes[0]))
        #expect(sink.receive(changes[1]), "another pair's update does not count")
        #expect(!sink.receive(changes[2]))
        #expect(!sink.receive(changes[3]))
        try sink.finish()
        #expect(output.text.split(separator: "\n").count == 2)
    }

    @Test("plain lines are rendered text with the time of the update")
    func plainLines() throws {
        let output = RecordingOutput()
        let noon = Date(timeIntervalSince1970: 1_753_185_600)
        let sink = LiveLineSink(
            output: output, form: .plain(currency: "USD", renderer: ANSIRenderer(colorEnabled: false), now: { noon }),
            subscriptions: [Self.btc].compactMap { $0 })
        #expect(sink.receive(try changes(Self.updates)[0]))
        try sink.finish()
        #expect(output.text.hasPrefix("12:00:00  BTC/USD  $62,000.50"))
        #expect(output.text.hasSuffix("\n"))
        #expect(!output.text.contains("\u{1B}"))
    }

    @Test("a reader that went away stops the feed and is reported once at the end")
    func closedOutput() throws {
        let output = RecordingOutput()
        output.closeReader()
        let sink = LiveLineSink(output: output, form: .json, subscriptions: [Self.btc].compactMap { $0 })
        let change = try changes(Self.updates)[0]
        #expect(sink.receive(change))
        sink.endOfBatch()
        #expect(!sink.receive(change), "after a failed write the feed is asked to stop")
        #expect(throws: TerminalOutputError.closed) { try sink.finish() }
    }
}
