import LacriptaCore
import LacriptaWebSocket

/// Where `lacripta live` reads its events: CryptoCompare's streamer (`PriceFeed`), or exchanges'
/// public tickers without a key (`ExchangePriceFeed`). Both speak `PriceFeedEvent`s; this holds
/// the two things `LiveRun` does with either.
struct LiveFeedSource: Sendable {
    /// Reads the events batch by batch, handing each to `take`, until the feed ends; throws its
    /// failure.
    let read: @Sendable (_ take: @Sendable ([PriceFeedEvent]) -> Void) async throws -> Void
    /// Closes the connections normally.
    let stop: @Sendable () async -> Void

    /// The streamer's feed.
    static func streamer(_ feed: PriceFeed) -> LiveFeedSource {
        LiveFeedSource(
            read: { take in
                for try await batch in feed.eventBatches { take(batch) }
            },
            stop: { await feed.stop() })
    }

    /// Exchanges' tickers.
    static func exchanges(_ feed: ExchangePriceFeed) -> LiveFeedSource {
        LiveFeedSource(
            read: { take in
                for try await batch in feed.eventBatches { take(batch) }
            },
            stop: { await feed.stop() })
    }
}
