import Foundation
import LacriptaCore
import LacriptaTerminal

/// The interactive view's live prices from CryptoCompare's streamer: one `PriceFeed`, so one
/// socket, for the whole view (free keys allow a single streaming socket per account).
///
/// The feed connects on the first subscription set, so a view that never asks for live prices
/// never opens a socket.
final class PriceFeedLiveSource: LivePriceSource {
    private let feed: PriceFeed
    /// Feed events translated for the view.
    let events: AsyncStream<LiveEvent>
    private let pump: Task<Void, Never>

    /// Wraps `feed`; the caller must not consume `feed.events` itself.
    init(feed: PriceFeed) {
        self.feed = feed
        let (events, continuation) = AsyncStream.makeStream(of: LiveEvent.self, bufferingPolicy: .bufferingNewest(4096))
        self.events = events
        pump = Task {
            do {
                for try await event in feed.events {
                    for translated in Self.translate(event) { continuation.yield(translated) }
                }
            } catch let error as PriceFeedError {
                continuation.yield(.state(.failed(reason: error.userMessage)))
            } catch {
                continuation.yield(.state(.failed(reason: "the live connection failed")))
            }
            continuation.finish()
        }
    }

    /// Subscribes exactly `pairs` (CCCAGG aggregates), sending only the difference.
    func setSubscriptions(_ pairs: [LivePair]) async {
        let subscriptions = pairs.compactMap { Subscription.aggregate(from: $0.symbol, to: $0.currency) }
        await feed.setSubscriptions(subscriptions)
        if !subscriptions.isEmpty { await feed.start() }
    }

    /// Closes the socket normally and ends `events`.
    func stop() async {
        await feed.stop()
        await pump.value
    }

    /// A feed event as the view's events (none for those the view does not show).
    static func translate(_ event: PriceFeedEvent) -> [LiveEvent] {
        switch event {
        case .update(let change):
            let snapshot = change.snapshot
            guard let price = snapshot.price else { return [] }
            let fields = snapshot.fields
            let quote = LiveQuote(
                pair: LivePair(symbol: change.pair.from, currency: change.pair.to), price: price,
                direction: direction(change.direction),
                lastTrade: fields.lastUpdate.map { Date(timeIntervalSince1970: TimeInterval($0)) },
                openDay: fields.openDay, highDay: fields.highDay, lowDay: fields.lowDay)
            return [.price(quote)]
        case .state(let state):
            return [.state(connectionState(state))]
        case .invalidSubscription(let invalid):
            guard let subscription = invalid.subscription else { return [] }
            return [.unavailable(LivePair(symbol: subscription.from, currency: subscription.to))]
        default:
            return []
        }
    }

    private static func direction(_ direction: PriceDirection) -> ChangeDirection {
        switch direction {
        case .up: .up
        case .down: .down
        case .unchanged: .unchanged
        }
    }

    private static func connectionState(_ state: FeedState) -> LiveConnectionState {
        switch state {
        case .connecting: .connecting
        case .live: .live
        case .reconnecting(let attempt, let nextIn, _): .reconnecting(attempt: attempt, nextIn: nextIn)
        case .stale(let age): .stale(age: age)
        }
    }
}
