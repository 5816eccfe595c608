/// The environment variables lacripta reads, named in one place (no string literals elsewhere).
public enum EnvironmentKey: String, Sendable, CaseIterable {
    /// The CryptoCompare API key.
    case apiKey = "CRYPTOCOMPARE_API_KEY"
    /// Base URL of the REST API.
    case apiURL = "LACRIPTA_API_URL"
    /// URL of the streamer WebSocket.
    case streamURL = "LACRIPTA_STREAM_URL"
    /// An extra PEM CA bundle to trust for TLS.
    case caFile = "LACRIPTA_CA_FILE"
    /// Seconds one REST request may take (default 15).
    case timeout = "LACRIPTA_TIMEOUT"
    /// Where data comes from: auto (default), cryptocompare or public.
    case source = "LACRIPTA_SOURCE"
    /// Base URL of CoinGecko's API.
    case coinGeckoURL = "LACRIPTA_COINGECKO_URL"
    /// An optional CoinGecko demo key, sent as `x-cg-demo-api-key`.
    case coinGeckoAPIKey = "COINGECKO_API_KEY"
    /// The news feeds to read (comma-separated URLs), replacing the default outlets.
    case newsFeeds = "LACRIPTA_NEWS_FEEDS"
    /// URL of Coinbase's public WebSocket feed.
    case coinbaseURL = "LACRIPTA_COINBASE_URL"
    /// URL of Kraken's public WebSocket feed (v2).
    case krakenURL = "LACRIPTA_KRAKEN_URL"
    /// URL of Bitstamp's public WebSocket feed.
    case bitstampURL = "LACRIPTA_BITSTAMP_URL"
    /// URL of Bitfinex's public WebSocket feed (v2).
    case bitfinexURL = "LACRIPTA_BITFINEX_URL"
    /// URL of Binance's public combined stream.
    case binanceURL = "LACRIPTA_BINANCE_URL"
    /// URL of Binance.US's public combined stream.
    case binanceUSURL = "LACRIPTA_BINANCEUS_URL"
    /// URL of OKX's public v5 socket.
    case okxURL = "LACRIPTA_OKX_URL"
    /// URL of Gemini's market-data socket.
    case geminiURL = "LACRIPTA_GEMINI_URL"
    /// URL of CEX.IO's public socket.
    case cexURL = "LACRIPTA_CEX_URL"
    /// Base URL of Kraken's public REST API (its candles).
    case krakenAPIURL = "LACRIPTA_KRAKEN_API_URL"
    /// Base URL of Coinbase Exchange's public REST API (its candles).
    case coinbaseAPIURL = "LACRIPTA_COINBASE_API_URL"
    /// `true` (or yes, on, 1) makes `holdings` show only percentages, for sharing a screen.
    case hideAmounts = "LACRIPTA_HIDE_AMOUNTS"
    /// Days the news archive keeps unsaved, unrated articles (default 90).
    case newsKeepDays = "LACRIPTA_NEWS_KEEP_DAYS"
    /// How `holdings` matches sales to lots: fifo (default), lifo, hifo or average.
    case costMethod = "LACRIPTA_COST_METHOD"
    /// The colour theme: dark (default), light, high-contrast, colorblind or mono.
    case theme = "LACRIPTA_THEME"
    /// Where the config file lives (XDG).
    case xdgConfigHome = "XDG_CONFIG_HOME"
    /// Where the cache lives (XDG).
    case xdgCacheHome = "XDG_CACHE_HOME"
    /// Where the user's store (favourites, holdings) lives (XDG).
    case xdgDataHome = "XDG_DATA_HOME"
    /// The user's home directory.
    case home = "HOME"
}

extension Dictionary where Key == String, Value == String {
    /// The non-empty value of `key`, or nil.
    public subscript(key: EnvironmentKey) -> String? {
        guard let value = self[key.rawValue], !value.isEmpty else { return nil }
        return value
    }
}
