import Foundation
import LacriptaCore
import LacriptaSimulator
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// What a consumer of an exchange feed takes when the exchange talks faster than it reads, over a
/// real socket: a screen (`.latest`) gets the newest quote and never a backlog; lines
/// (`.everything`) get every quote, in order.
@Suite("Exchange feeds hand quotes over once a frame", .timeLimit(.minutes(2)))
struct ExchangeFeedHandoverTests {
    static let script = ExchangeScript.all[0]  // Coinbase

    /// Coinbase's ticker number `number` for BTC-USD: its price is 20,000 plus the number.
    static func ticker(_ number: Int) -> String {
        Self.script.quote.replacingOccurrences(of: #""price":"17165.16""#, with: #""price":"\#(20_000 + number)""#)
    }

    /// Sends `count` tickers, then a heartbeat, and collects every take up to the heartbeat.
    private func flood(keeping: QuoteHandover<QuoteKey, ExchangeFeedEvent>.Keeping, count: Int) async throws -> [[ExchangeFeedEvent]] {
        let fake = try FeedOnSocket(Self.script.exchange, path: Self.script.path, pairs: [FeedOnSocket.btc], keeping: keeping)
        let (connection, _) = try await fake.start()
        connection.send(text: Self.script.ack)
        connection.send(text: Self.ticker(0))
        _ = try await fake.next { if case .message(.quote) = $0 { true } else { false } }
        var tickers = ""
        for price in 1...count { tickers += Self.ticker(price) + "\n" }
        for line in tickers.split(separator: "\n") { connection.send(text: String(line)) }
        connection.send(text: try #require(Self.script.heartbeat))
        var takes: [[ExchangeFeedEvent]] = []
        // The reader is the feed's only consumer: its batches are the takes.
        while let event = await fake.reader.next(where: { _ in true }) {
            if takes.isEmpty { takes.append([]) }
            takes[takes.count - 1].append(event)
            if event == .message(.heartbeat) { break }
        }
        await fake.feed.stop()
        return takes
    }

    @Test func aScreenGetsTheNewestQuoteAndNoBacklog() async throws {
        let events = try await flood(keeping: .latest, count: 2_000).flatMap { $0 }
        let prices = events.compactMap { event -> String? in
            guard case .message(.quote(let quote)) = event else { return nil }
            return quote.last?.text
        }
        // Every take holds at most one quote of the pair, so far fewer than were sent arrive, and
        // the last one is the newest.
        #expect(prices.last == "22000")
        #expect(prices.count < 2_000)
    }

    @Test func linesGetEveryQuoteInOrder() async throws {
        let events = try await flood(keeping: .everything, count: 2_000).flatMap { $0 }
        let prices = events.compactMap { event -> Int? in
            guard case .message(.quote(let quote)) = event else { return nil }
            return quote.last.flatMap { Int($0.text) }
        }
        #expect(prices == Array(20_001...22_000))
    }
}
