import Foundation
import LacriptaNet
import LacriptaWebSocket

/// CryptoCompare's streamer as a `PriceTickSource`: one `PriceFeed` on the CCCAGG index of every
/// pair, its merged price handed on as a tick whenever a message carried one. Reconnects are the
/// feed's business; a refused pair and a failed connect become notices; a failure the feed gives up
/// on ends the stream with its `LacriptaError`.
public struct PriceFeedTickSource: PriceTickSource {
    public var name: String { "CryptoCompare's streamer" }

    let client: any WebSocketClient
    let url: URL
    let apiKey: APIKey?
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date

    /// A source connecting with `client` to `url` (the configured streamer), the key in a header.
    public init(
        client: any WebSocketClient, url: URL, apiKey: APIKey?, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.url = url
        self.apiKey = apiKey
        self.clock = clock
        self.now = now
    }

    public func ticks(for pairs: [TickPair]) -> AsyncThrowingStream<PriceTickEvent, any Error> {
        let subscriptions = pairs.compactMap { Subscription.aggregate(from: $0.symbol, to: $0.currency) }
        let feed = PriceFeed(
            client: client, url: url, apiKey: apiKey, subscriptions: subscriptions, clock: clock,
            configuration: PriceFeedConfiguration(fields: [PriceFieldSet(.price), .flags]))
        let now = self.now
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: PriceTickEvent.self)
        let task = Task {
            await feed.start()
            do {
                for try await batch in feed.eventBatches {
                    let at = now()
                    for event in batch {
                        if let tick = Self.event(for: event, at: at) { continuation.yield(tick) }
                    }
                }
                continuation.finish()
            } catch let error as PriceFeedError {
                continuation.finish(throwing: error.lacriptaError)
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            Task { await feed.stop() }
        }
        return stream
    }

    /// The tick or notice one feed event means, if any.
    static func event(for event: PriceFeedEvent, at time: Date) -> PriceTickEvent? {
        switch event {
        case .update(let change):
            guard let price = change.snapshot.price, change.isFirst || change.changed.contains(.price) else { return nil }
            return .tick(PriceTick(symbol: change.snapshot.pair.from, currency: change.snapshot.pair.to, price: price, at: time))
        case .invalidSubscription(let invalid):
            let pair = invalid.subscription.map { "\($0.from)/\($0.to)" } ?? invalid.parameter
            return .notice("\(pair) is not available on the streamer: \(invalid.info ?? "not available")")
        case .connectFailed(_, let reason):
            return .notice("cannot connect to the streamer: \(reason); retrying")
        case .state(.reconnecting(let attempt, let nextIn, let reason)) where attempt == 1 && reason != .connectFailed:
            // One line per outage, not one per attempt: a watch left running for days stays readable.
            return .notice("the connection to the streamer dropped; reconnecting in \(nextIn.components.seconds) s")
        case .rateLimited:
            return .notice("the streamer refused the connection for a limit (free keys allow one socket per account); retrying")
        default:
            return nil
        }
    }
}
