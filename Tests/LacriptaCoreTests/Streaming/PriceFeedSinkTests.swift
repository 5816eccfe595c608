import Foundation
import LacriptaCore
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// A sink that records what the feed hands it and stops after `limit` updates.
private final class RecordingSink: PriceUpdateSink, @unchecked Sendable {
    // @unchecked: the feed calls it one call at a time; the test reads it through `lock` as well.
    private let lock = NSLock()
    private let limit: Int
    private var changes: [PriceChange] = []
    private var log: [String] = []

    init(limit: Int = .max) {
        self.limit = limit
    }

    func receive(_ state: borrowing PriceSnapshot, _ merge: PriceMerge) -> Bool {
        let change = PriceChange(snapshot: copy state, merge: merge)
        return lock.withLock {
            changes.append(change)
            log.append("update \(change.pair.from)")
            return changes.count < limit
        }
    }

    func endOfBatch() {
        lock.withLock { log.append("end of batch") }
    }

    var received: [PriceChange] { lock.withLock { changes } }
    var calls: [String] { lock.withLock { log } }
}

@Suite("PriceFeed with an update sink")
struct PriceFeedSinkTests {
    private static let eth = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":2,"PRICE":3744.9}"#

    /// A feed on a scripted client, subscribed to the BTC and ETH it is sent, handing updates to
    /// `sink` (as events when nil).
    private static func feed(sink: (any PriceUpdateSink)?) -> (PriceFeed, ScriptedWebSocketClient) {
        let client = ScriptedWebSocketClient()
        let feed = PriceFeed(
            client: client, url: FeedHarness.url, subscriptions: FeedHarness.btcAndEth, clock: TestClock(), random: SeededRandom(seed: 1),
            updateSink: sink)
        return (feed, client)
    }

    @Test("updates go to the sink, merged and in order, and not to the event stream; each batch is closed")
    func updatesReachTheSink() async throws {
        let sink = RecordingSink()
        let (feed, client) = Self.feed(sink: sink)
        var events = feed.events.makeAsyncIterator()
        await feed.start()
        let connection = await client.connection(at: 0)
        // SOL is not subscribed: the sink never hears of it.
        let sol = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"SOL","TOSYMBOL":"USD","FLAGS":1,"PRICE":148.07}"#
        connection.push(lines: [FeedHarness.btcUpdate, sol, FeedHarness.btcPartial])
        connection.push(lines: [Self.eth, FeedHarness.welcome])
        // The welcome comes after the updates in the wire order, so once it is seen every update
        // before it has been handed over.
        var seen: [PriceFeedEvent] = []
        while let event = try await events.next() {
            seen.append(event)
            if case .welcome = event { break }
        }
        #expect(!seen.contains { if case .update = $0 { true } else { false } })
        #expect(sink.calls == ["update BTC", "update BTC", "end of batch", "update ETH", "end of batch"])
        let received = sink.received
        #expect(received.map(\.snapshot.fields.price) == [118_652.38, 118_652.38, 3744.9])
        #expect(received[1].snapshot.fields[.volumeDay] == 9820.5, "the partial update is merged into the state")
        #expect(received[1].changed == PriceFieldSet(.volumeDay).union(.flags))
        #expect(received.map(\.isFirst) == [true, false, true])
        #expect(await feed.statistics.updates == 3)
        await feed.stop()
    }

    @Test("a sink that has had enough ends the feed with a normal close, and the stream finishes")
    func sinkEndsTheFeed() async throws {
        let sink = RecordingSink(limit: 2)
        let (feed, client) = Self.feed(sink: sink)
        await feed.start()
        let connection = await client.connection(at: 0)
        connection.push(lines: [FeedHarness.btcUpdate, FeedHarness.btcPartial, Self.eth, FeedHarness.btcUpdate])
        for try await _ in feed.eventBatches {}
        #expect(await connection.waitForClose() == .normalClosure)
        #expect(sink.received.count == 2, "nothing is handed over after the sink said stop")
        #expect(sink.calls.last == "end of batch", "what was taken is still written out")
        #expect(await client.attempts.count == 1, "no reconnect after a deliberate end")
    }

    /// One batch in which each message differs from the one before: a full BTC update with a
    /// trade venue, an ETH update without one, a malformed update, a welcome and a BTC partial.
    private static let mixedBatch = [
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":1,"PRICE":118652.38,"OPENDAY":117380.24,"LASTMARKET":"Kraken","LASTTRADEID":"9"}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":2,"VOLUMEDAY":212403.5}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":2,"PRICE":12x}"#,
        FeedHarness.welcome,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":4,"VOLUMEDAY":9820.5}"#,
    ]

    /// What both delivery paths must report for `mixedBatch`: nothing of one message in the next.
    private func expectNothingCarriedOver(_ changes: [PriceChange]) {
        #expect(changes.map(\.pair.from) == ["BTC", "ETH", "BTC"])
        guard changes.count == 3 else { return }
        let eth = changes[1].snapshot
        #expect(eth.price == nil, "ETH has no price of its own; BTC's must not appear")
        #expect(eth.fields.openDay == nil)
        #expect(eth.fields.lastMarket == nil && eth.fields.lastTradeID == nil)
        #expect(eth.fields.volumeDay == 212_403.5)
        #expect(changes[1].changed == PriceFieldSet(.volumeDay).union(.flags))
        let btc = changes[2]
        #expect(btc.snapshot.price == 118_652.38 && btc.snapshot.fields.lastMarket == "Kraken", "the state keeps what came before")
        #expect(btc.changed == PriceFieldSet(.volumeDay).union(.flags), "and only the partial's own figures changed")
        #expect(btc.direction == .unchanged)
    }

    @Test("a batch of different messages: each update is merged on its own, with a sink")
    func nothingCarriesOverToTheSink() async throws {
        let sink = RecordingSink()
        let (feed, client) = Self.feed(sink: sink)
        var events = feed.events.makeAsyncIterator()
        await feed.start()
        await client.connection(at: 0).push(lines: Self.mixedBatch)
        while let event = try await events.next() {
            if case .welcome = event { break }
        }
        #expect(await feed.statistics.malformed == 1)
        expectNothingCarriedOver(sink.received)
        await feed.stop()
    }

    @Test("a batch of different messages: each update is merged on its own, as events")
    func nothingCarriesOverToEvents() async throws {
        let (feed, client) = Self.feed(sink: nil)
        var events = feed.events.makeAsyncIterator()
        await feed.start()
        await client.connection(at: 0).push(lines: Self.mixedBatch)
        var changes: [PriceChange] = []
        while let event = try await events.next() {
            if case .update(let change) = event { changes.append(change) }
            if changes.count == 3 { break }
        }
        expectNothingCarriedOver(changes)
        await feed.stop()
    }
}
