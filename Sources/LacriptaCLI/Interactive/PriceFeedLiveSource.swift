import LacriptaCore
import LacriptaWebSocket

/// The interactive view's live prices from CryptoCompare's streamer: one `PriceFeed`, so one
/// socket, for the whole view (free keys allow a single streaming socket per account).
///
/// The feed connects on the first subscription set, so a view that never asks for live prices
/// never opens a socket. Its batches are handed on through a stream of this source's own, so the
/// view's reader going away does not end the feed: `stop()` does, with a normal close.
final class PriceFeedLiveSource: LivePriceSource {
    private let feed: PriceFeed
    /// The feed's batches as they came.
    let eventBatches: AsyncThrowingStream<[PriceFeedEvent], any Error>
    private let pump: Task<Void, Never>

    /// Wraps `feed`; the caller must not consume `feed`'s events itself.
    init(feed: PriceFeed) {
        self.feed = feed
        let (batches, continuation) = AsyncThrowingStream.makeStream(
            of: [PriceFeedEvent].self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(4096))
        eventBatches = batches
        pump = Task {
            do {
                for try await batch in feed.eventBatches { continuation.yield(batch) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    /// Subscribes exactly `subscriptions`, sending only the difference.
    func setSubscriptions(_ subscriptions: [Subscription]) async {
        await feed.setSubscriptions(subscriptions)
        if !subscriptions.isEmpty { await feed.start() }
    }

    /// Closes the socket normally and ends `eventBatches`.
    func stop() async {
        await feed.stop()
        await pump.value
    }
}
