/// Which service answers for market data and news: `--source`, `LACRIPTA_SOURCE` or `source =`.
///
/// Since May 2026 CryptoCompare answers only keyed requests, so `auto` picks it only when a key is
/// configured and the keyless public sources (CoinGecko, the outlets' RSS feeds) otherwise. The
/// choice is made once, before any request: a refused key never switches silently to another
/// source, because a user comparing figures must know where they came from.
public enum SourceChoice: String, Sendable, CaseIterable {
    /// CryptoCompare with a key, the public sources without one.
    case auto
    /// CryptoCompare's REST API and streamer (needs a key).
    case cryptoCompare = "cryptocompare"
    /// CoinGecko's public API and news outlets' RSS/Atom feeds (no key).
    case publicSources = "public"

    /// The source this choice means with or without a CryptoCompare key.
    public func resolved(hasCryptoCompareKey: Bool) -> DataProvider {
        switch self {
        case .auto: hasCryptoCompareKey ? .cryptoCompare : .publicSources
        case .cryptoCompare: .cryptoCompare
        case .publicSources: .publicSources
        }
    }
}

/// A concrete source of data, after `auto` is decided.
public enum DataProvider: String, Sendable, Equatable {
    /// CryptoCompare (min-api and the streamer).
    case cryptoCompare = "cryptocompare"
    /// CoinGecko for market data, RSS/Atom feeds for news.
    case publicSources = "public"
}
