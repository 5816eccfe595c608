import Foundation
import LacriptaCore
import LacriptaTestSupport
import Testing

/// The hand-over between a market's connection thread and its consumer: a slow screen sees the
/// newest quote of every pair and no backlog; lines lose nothing, in order; a producer that runs
/// too far ahead of lines waits instead of growing memory.
@Suite struct QuoteHandoverTests {
    typealias Handover = QuoteHandover<String, Event>

    /// A quote of a pair (the key) with a sequence number, or a connection change.
    enum Event: Sendable, Equatable {
        case quote(String, Int)
        case change(String)

        static func key(_ event: Event) -> String? {
            if case .quote(let pair, _) = event { return pair }
            return nil
        }
    }

    /// Puts `count` quotes per pair, interleaved, with one connection change in the middle.
    private func flood(_ handover: Handover, pairs: [String], count: Int) {
        for number in 0..<count {
            if number == count / 2 { handover.put(.change("lost")) }
            handover.put(pairs.map { Event.quote($0, number) }, key: Event.key)
        }
    }

    @Test func aSlowScreenFindsTheNewestQuoteOfEveryPairAndEveryChangeNoBacklog() {
        let handover = Handover(keeping: .latest)
        flood(handover, pairs: ["BTC", "ETH", "SOL"], count: 10_000)
        let taken = handover.take()
        #expect(taken.events.count == 4)
        #expect(taken.events.contains(.change("lost")))
        // The newest of each, after the change that came before them.
        #expect(Array(taken.events.suffix(3)) == [.quote("BTC", 9_999), .quote("ETH", 9_999), .quote("SOL", 9_999)])
        #expect(taken.end == nil)
        #expect(handover.take().events.isEmpty)
    }

    @Test func linesGetEveryUpdateInOrder() {
        let handover = Handover(keeping: .everything, limit: 100_000)
        flood(handover, pairs: ["BTC", "ETH"], count: 1_000)
        let taken = handover.take().events
        #expect(taken.count == 2_001)
        let btc = taken.compactMap { if case .quote("BTC", let number) = $0 { number } else { nil } }
        #expect(btc == Array(0..<1_000))
        #expect(taken[1_000] == .change("lost"))
    }

    @Test func aConsumerTakingOnceASecondSeesTheLatestPriceOfEveryPair() async throws {
        let handover = Handover(keeping: .latest)
        let takes = handover.takes(every: .seconds(1))
        var iterator = takes.makeAsyncIterator()
        handover.put(.quote("BTC", 0), key: "BTC")
        // The first take comes at once; what arrives during the consumer's second waits for it.
        #expect(try await iterator.next() == [.quote("BTC", 0)])
        for number in 1...5_000 { handover.put([.quote("BTC", number), .quote("ETH", number)], key: Event.key) }
        #expect(try await iterator.next() == [.quote("BTC", 5_000), .quote("ETH", 5_000)])
        handover.finish()
        #expect(try await iterator.next() == nil)
    }

    @Test func whatWaitsIsTakenBeforeTheEndAndTheFailureIsThrown() async throws {
        struct Refused: Error {}
        let handover = Handover(keeping: .everything)
        handover.put(.change("connected"))
        handover.put(.quote("BTC", 1), key: "BTC")
        handover.finish(throwing: Refused())
        handover.put(.quote("BTC", 2), key: "BTC")  // after the end: dropped
        var taken: [Event] = []
        await #expect(throws: Refused.self) {
            for try await events in handover.takes(every: .milliseconds(1)) { taken += events }
        }
        #expect(taken == [.change("connected"), .quote("BTC", 1)])
    }

    @Test func aProducerFarAheadOfLinesWaitsForTheConsumerAndLosesNothing() async throws {
        let handover = Handover(keeping: .everything, limit: 8)
        let producer = Thread {
            for number in 0..<200 { handover.put(.quote("BTC", number), key: "BTC") }
            handover.finish()
        }
        producer.start()
        var numbers: [Int] = []
        for try await events in handover.takes(every: .milliseconds(1)) {
            // Never more than the limit waits at a time.
            #expect(events.count <= 8)
            numbers += events.compactMap { if case .quote(_, let number) = $0 { number } else { nil } }
        }
        #expect(numbers == Array(0..<200))
    }

    @Test func aConsumerGoingAwayReleasesAWaitingProducer() async throws {
        let handover = Handover(keeping: .everything, limit: 2)
        let (done, finished) = AsyncStream.makeStream(of: Void.self)
        let (first, tookFirst) = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            for try await _ in handover.takes(every: .seconds(600)) { tookFirst.yield() }
        }
        let producer = Thread {
            // Fills the window and waits; released when the consumer goes away, then drops the rest.
            for number in 0..<10 { handover.put(.quote("BTC", number), key: "BTC") }
            finished.yield()
            finished.finish()
        }
        producer.start()
        for await _ in first { break }
        consumer.cancel()
        for await _ in done {}
        #expect(handover.take().events.isEmpty)
    }

    @Test func handOversSharingADoorbellAreTakenTogetherAndEndWhenAllHaveEnded() async throws {
        // Four exchanges of one `compare`: one consumer, one take a frame for all of them.
        let doorbell = HandoverDoorbell()
        let kraken = Handover(keeping: .latest, doorbell: doorbell)
        let coinbase = Handover(keeping: .latest, doorbell: doorbell)
        let clock = TestClock()
        let takes = Handover.takes(
            from: [(tag: "kraken", handover: kraken), (tag: "coinbase", handover: coinbase)], every: .seconds(1), clock: clock)
        var iterator = takes.makeAsyncIterator()
        kraken.put(.quote("BTC", 1), key: "BTC")
        let first = try #require(try await iterator.next())
        #expect(first.map(\.tag) == ["kraken"] && first[0].events == [.quote("BTC", 1)] && !first[0].ended)
        // During the consumer's frame both fill; the next take has both, in one element.
        await clock.waitForSleepers(count: 1)
        for number in 2...100 {
            kraken.put(.quote("BTC", number), key: "BTC")
            coinbase.put(.quote("BTC", number * 10), key: "BTC")
        }
        coinbase.finish()
        clock.advance(by: .seconds(1))
        let second = try #require(try await iterator.next())
        #expect(second.map(\.tag) == ["kraken", "coinbase"])
        #expect(second[0].events == [.quote("BTC", 100)] && !second[0].ended)
        #expect(second[1].events == [.quote("BTC", 1_000)] && second[1].ended)
        // One still open: the stream goes on until it ends too, said even with nothing left in it.
        await clock.waitForSleepers(count: 1)
        kraken.finish()
        clock.advance(by: .seconds(1))
        let last = try #require(try await iterator.next())
        #expect(last.map(\.tag) == ["kraken"] && last[0].events.isEmpty && last[0].ended)
        #expect(try await iterator.next() == nil)
    }
}
