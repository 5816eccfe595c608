/// The settings of the config file, named in one place as `EnvironmentKey` names the environment
/// variables (no string literals elsewhere).
public enum ConfigKey: String, Sendable, CaseIterable, Comparable {
    /// The CryptoCompare API key (`CRYPTOCOMPARE_API_KEY` wins over it).
    case apiKey = "api_key"
    /// Base URL of the REST API (`LACRIPTA_API_URL` wins).
    case apiURL = "api_url"
    /// URL of the streamer WebSocket (`LACRIPTA_STREAM_URL` wins).
    case streamURL = "stream_url"
    /// An extra PEM CA bundle to trust (`LACRIPTA_CA_FILE` wins).
    case caFile = "ca_file"
    /// The default quote currency.
    case currency
    /// The currencies the interactive view cycles through, comma-separated.
    case currencies
    /// Seconds one REST request may take (`LACRIPTA_TIMEOUT` wins).
    case timeout
    /// Where data comes from: auto, cryptocompare or public (`LACRIPTA_SOURCE` wins).
    case source
    /// Base URL of CoinGecko's API (`LACRIPTA_COINGECKO_URL` wins).
    case coinGeckoURL = "coingecko_url"
    /// An optional CoinGecko demo key (`COINGECKO_API_KEY` wins).
    case coinGeckoAPIKey = "coingecko_api_key"
    /// The news feeds to read, comma-separated URLs (`LACRIPTA_NEWS_FEEDS` wins).
    case newsFeeds = "news_feeds"
    /// URL of Coinbase's public WebSocket feed (`LACRIPTA_COINBASE_URL` wins).
    case coinbaseURL = "coinbase_url"
    /// URL of Kraken's public WebSocket feed (`LACRIPTA_KRAKEN_URL` wins).
    case krakenURL = "kraken_url"
    /// URL of Bitstamp's public WebSocket feed (`LACRIPTA_BITSTAMP_URL` wins).
    case bitstampURL = "bitstamp_url"
    /// URL of Bitfinex's public WebSocket feed (`LACRIPTA_BITFINEX_URL` wins).
    case bitfinexURL = "bitfinex_url"
    /// URL of Binance's public combined stream (`LACRIPTA_BINANCE_URL` wins).
    case binanceURL = "binance_url"
    /// URL of Binance.US's public combined stream (`LACRIPTA_BINANCEUS_URL` wins).
    case binanceUSURL = "binanceus_url"
    /// URL of OKX's public v5 socket (`LACRIPTA_OKX_URL` wins).
    case okxURL = "okx_url"
    /// URL of Gemini's market-data socket (`LACRIPTA_GEMINI_URL` wins).
    case geminiURL = "gemini_url"
    /// URL of CEX.IO's public socket (`LACRIPTA_CEX_URL` wins).
    case cexURL = "cex_url"
    /// Base URL of Kraken's public REST API, for candles (`LACRIPTA_KRAKEN_API_URL` wins).
    case krakenAPIURL = "kraken_api_url"
    /// Base URL of Coinbase Exchange's public REST API, for candles (`LACRIPTA_COINBASE_API_URL` wins).
    case coinbaseAPIURL = "coinbase_api_url"
    /// A program `alert watch` runs for every alert that fires (`--exec` wins).
    case alertExec = "alert_exec"
    /// How far, in percent, a price must move back past a level before a repeating alert re-arms.
    case alertHysteresis = "alert_hysteresis"
    /// Whether `holdings` shows only percentages (`LACRIPTA_HIDE_AMOUNTS` wins).
    case hideAmounts = "hide_amounts"
    /// Days the news archive keeps unsaved, unrated articles (`LACRIPTA_NEWS_KEEP_DAYS` wins).
    case newsKeepDays = "news_keep_days"
    /// How `holdings` matches sales to lots: fifo, lifo, hifo or average (`LACRIPTA_COST_METHOD` wins).
    case costMethod = "cost_method"

    // MARK: Colour themes (ConfigKey+Theme.swift)
    /// The colour theme: dark, light, high-contrast, colorblind or mono (`LACRIPTA_THEME` and
    /// `--theme` win).
    case theme
    /// The colour of each `ColorRole`, over the theme's: a name, 0–255 or "#rrggbb".
    case colorUp = "color.up"
    case colorDown = "color.down"
    case colorUnchanged = "color.unchanged"
    case colorAccent = "color.accent"
    case colorMuted = "color.muted"
    case colorWarning = "color.warning"
    case colorError = "color.error"
    case colorOk = "color.ok"
    case colorMark = "color.mark"
    case colorSeries1 = "color.series1"
    case colorSeries2 = "color.series2"
    case colorSeries3 = "color.series3"
    case colorSeries4 = "color.series4"

    /// The environment variable that overrides this setting, if there is one.
    public var environmentKey: EnvironmentKey? {
        switch self {
        case .apiKey: .apiKey
        case .apiURL: .apiURL
        case .streamURL: .streamURL
        case .caFile: .caFile
        case .timeout: .timeout
        case .source: .source
        case .coinGeckoURL: .coinGeckoURL
        case .coinGeckoAPIKey: .coinGeckoAPIKey
        case .newsFeeds: .newsFeeds
        case .hideAmounts: .hideAmounts
        case .newsKeepDays: .newsKeepDays
        case .costMethod: .costMethod
        case .theme: .theme
        case .coinbaseURL: .coinbaseURL
        case .krakenURL: .krakenURL
        case .bitstampURL: .bitstampURL
        case .bitfinexURL: .bitfinexURL
        case .binanceURL: .binanceURL
        case .binanceUSURL: .binanceUSURL
        case .okxURL: .okxURL
        case .geminiURL: .geminiURL
        case .cexURL: .cexURL
        case .krakenAPIURL: .krakenAPIURL
        case .coinbaseAPIURL: .coinbaseAPIURL
        case .currency, .currencies, .alertExec, .alertHysteresis: nil
        case .colorUp, .colorDown, .colorUnchanged, .colorAccent, .colorMuted, .colorWarning, .colorError, .colorOk, .colorMark, .colorSeries1,
            .colorSeries2, .colorSeries3, .colorSeries4:
            nil
        }
    }

    /// Sorts by name, for the list of known settings in messages.
    public static func < (lhs: ConfigKey, rhs: ConfigKey) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Exchange {
    /// The config-file setting of this exchange's feed URL (its environment variable wins).
    public var urlSetting: ConfigKey {
        switch self {
        case .coinbase: .coinbaseURL
        case .kraken: .krakenURL
        case .bitstamp: .bitstampURL
        case .bitfinex: .bitfinexURL
        case .binance: .binanceURL
        case .binanceus: .binanceUSURL
        case .okx: .okxURL
        case .gemini: .geminiURL
        case .cex: .cexURL
        }
    }
}
