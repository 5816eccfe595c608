import Foundation

/// A news feed as a client configures it: the outlet's name and where the simulator serves it.
public struct SimulatedFeedEndpoint: Sendable, Equatable {
    /// Which feed.
    public let feed: SimulatedFeed
    /// Its URL on the running simulator.
    public let url: URL

    /// The outlet's display name ("The Block").
    public var outletName: String { feed.outletName }
}

extension Simulator {
    /// CoinGecko's API root on this simulator, `http://127.0.0.1:PORT/coingecko/api/v3` (no
    /// trailing slash): the counterpart of `https://api.coingecko.com/api/v3`, so a client
    /// configured with it appends the real paths (`/coins/markets`).
    public var coinGeckoBaseURL: URL {
        restBaseURL.appendingPathComponent(String(SimulatorRouter.coinGeckoMount.dropFirst()) + CoinGeckoRoute.apiRoot)
    }

    /// Where `feed` is served, `http://127.0.0.1:PORT/feeds/<slug>.xml`.
    public func feedURL(_ feed: SimulatedFeed) -> URL {
        restBaseURL.appendingPathComponent(String(feed.path.dropFirst()))
    }

    /// Every feed's URL, in `SimulatedFeed` order: what a test or the demo puts in the client's
    /// news feed setting. Eight of them.
    public var newsFeedURLs: [URL] {
        SimulatedFeed.allCases.map(feedURL)
    }

    /// Every feed with its outlet's name and URL, in `SimulatedFeed` order.
    public var newsFeeds: [SimulatedFeedEndpoint] {
        SimulatedFeed.allCases.map { SimulatedFeedEndpoint(feed: $0, url: feedURL($0)) }
    }
}

extension Simulator {
    /// Where `exchange`'s feed is served (`ws://127.0.0.1:PORT/`, `…/v2`, `…/ws/2`); nil when
    /// this simulator runs no exchange feeds.
    public func exchangeURL(_ exchange: SimulatedExchange) -> URL? {
        exchanges?.url(for: exchange)
    }
}
