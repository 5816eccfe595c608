import Foundation
import LacriptaCore
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// `PriceFeed.eventBatches`: events grouped per received batch, and a slow consumer that makes the
/// feed pause instead of losing updates.
@Suite("PriceFeed event batches", .timeLimit(.minutes(5)))
struct PriceFeedBatchTests {
    static let ethUpdate = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":2,"PRICE":3744.9}"#

    let client = ScriptedWebSocketClient()
    let clock = TestClock()

    /// A feed on the scripted client, subscribed to the BTC and ETH it is sent; nothing reads its
    /// `events`, so `eventBatches` is the consumer.
    func makeFeed(eventBufferLimit: Int = 10_000) -> PriceFeed {
        PriceFeed(
            client: client, url: FeedHarness.url, subscriptions: FeedHarness.btcAndEth, clock: clock,
            configuration: PriceFeedConfiguration(eventBufferLimit: eventBufferLimit), random: SeededRandom(seed: 1))
    }

    /// The updates' pairs' base symbols in an event batch.
    func updatedSymbols(_ events: [PriceFeedEvent]) -> [String] {
        events.compactMap { if case .update(let change) = $0 { change.pair.from } else { nil } }
    }

    @Test("messages received together come out as one batch of events, in order")
    func oneBatchPerReceivedBatch() async throws {
        let feed = makeFeed()
        var batches = feed.eventBatches.makeAsyncIterator()
        await feed.start()
        let connection = await client.connection(at: 0)
        #expect(try await batches.next() == [.state(.connecting(attempt: 1))])
        connection.push(lines: [FeedHarness.btcUpdate, Self.ethUpdate, FeedHarness.btcPartial, #"{"TYPE":"999"}"#])
        let events = try #require(try await batches.next())
        #expect(events.first == .state(.live))
        #expect(updatedSymbols(events) == ["BTC", "ETH", "BTC"])
        #expect(events.count == 4)
        guard case .update(let merged) = events[3] else { return }
        // The partial update kept the price of the snapshot before it in the same batch.
        #expect(merged.snapshot.price == 118_652.38 && merged.snapshot.fields.volumeDay == 9820.5)
        #expect(await feed.statistics.heartbeats == 1)
        await feed.stop()
    }

    @Test("a 401 inside a batch: what came before it is delivered, then the stream ends")
    func sessionEndMidBatch() async throws {
        let feed = makeFeed()
        var batches = feed.eventBatches.makeAsyncIterator()
        await feed.start()
        let connection = await client.connection(at: 0)
        let unauthorized = try Fixtures.lines("stream-errors.jsonl")[0]
        connection.push(lines: [FeedHarness.btcUpdate, unauthorized, Self.ethUpdate])
        var symbols: [String] = []
        do {
            while let events = try await batches.next() { symbols += updatedSymbols(events) }
            Issue.record("expected the stream to throw")
        } catch let error as PriceFeedError {
            #expect(error.kind == .unauthorized)
        }
        #expect(symbols == ["BTC"])
        #expect(await feed.statistics.updates == 1)
    }

    @Test("a consumer that falls behind makes the feed stop taking messages until it catches up")
    func slowConsumerPausesTheFeed() async throws {
        let feed = makeFeed(eventBufferLimit: 4)
        var batches = feed.eventBatches.makeAsyncIterator()
        await feed.start()
        let connection = await client.connection(at: 0)
        // connecting (1 event) + live and three updates (4) fill the window of 4.
        connection.push(lines: [FeedHarness.btcUpdate, Self.ethUpdate, FeedHarness.btcPartial])
        connection.push(lines: [Self.ethUpdate])
        try await waitUntil { await feed.statistics.updates >= 3 }
        // The second push waits: give the feed every chance to take it anyway.
        for _ in 0..<200 { await Task.yield() }
        #expect(await feed.statistics.updates == 3)
        // Taking the first two batches frees the window and the feed reads on.
        _ = try await batches.next()
        _ = try await batches.next()
        try await waitUntil { await feed.statistics.updates == 4 }
        #expect(updatedSymbols(try #require(try await batches.next())) == ["ETH"])
        await feed.stop()
    }

    @Test("stopping a feed that waits for its consumer ends it and closes the socket")
    func stopWhilePaused() async throws {
        let feed = makeFeed(eventBufferLimit: 2)
        await feed.start()
        let connection = await client.connection(at: 0)
        connection.push(lines: [FeedHarness.btcUpdate, Self.ethUpdate])
        try await waitUntil { await feed.statistics.updates == 2 }
        await feed.stop()
        #expect(await connection.waitForClose() == .normalClosure)
    }

    /// Polls `condition` (yielding in between) until it holds; fails after many tries.
    private func waitUntil(_ condition: () async -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<100_000 {
            if await condition() { return }
            await Task.yield()
        }
        Issue.record("condition never held", sourceLocation: sourceLocation)
        throw FeedHarness.StreamEnded()
    }
}
