import Foundation

/// Everything lacripta needs to know about where to connect and with which key, resolved from the
/// environment first and the config file second.
public struct Configuration: Sendable {
    /// The API key, if any. Never printed.
    public var apiKey: APIKey?
    /// Base URL of the REST API (default `https://min-api.cryptocompare.com`).
    public var apiBaseURL: URL
    /// URL of the streamer WebSocket (default `wss://streamer.cryptocompare.com/v2`).
    public var streamURL: URL
    /// An extra PEM CA bundle to trust, if configured.
    public var caFile: String?
    /// The default quote currency (`currency` in the config file; USD otherwise).
    public var defaultCurrency: String
    /// Currencies the interactive view cycles through.
    public var currencies: [String]
    /// Where cached responses live.
    public var cacheDirectory: URL
    /// The config file that was (or would have been) read.
    public var configFilePath: String
    /// How long one REST request may take.
    public var requestTimeout: TimeInterval
    /// Where data comes from (`--source` overrides it per command).
    public var source: SourceChoice
    /// Base URL of CoinGecko's API (default `https://api.coingecko.com/api/v3`).
    public var coinGeckoBaseURL: URL
    /// An optional CoinGecko demo key. Never printed.
    public var coinGeckoKey: APIKey?
    /// The news feeds configured in place of the default outlets; nil for the defaults.
    public var newsFeeds: [FeedOutlet]?
    /// The exchange feeds' URLs where configured; the others use `Exchange.defaultURL`.
    public var exchangeURLs: [Exchange: URL]
    /// The program `alert watch` runs when an alert fires, if one is configured (`alert_exec`).
    public var alertExec: AlertProgram?
    /// The fraction (0.005 for 0.5 %) a price must move back past a level before a repeating
    /// alert re-arms.
    public var alertHysteresis: Double = 0.005
    /// Whether `holdings` hides amounts and values, showing only percentages (`hide_amounts`).
    public var hideAmounts = false
    /// Days the news archive keeps unsaved, unrated articles (`news_keep_days`).
    public var newsKeepDays = ArticleArchive.defaultKeepDays
    /// The exchanges' REST bases where configured (their candles); the others use
    /// `candleBaseURL(_:)`'s defaults.
    public var exchangeAPIURLs: [Exchange: URL] = [:]
    /// How `holdings` matches sales to lots (`cost_method`, default FIFO).
    public var costMethod = CostMethod.fifo
    /// The full-screen view's keys: the defaults with the `key.*` settings in place.
    public var keymap = Keymap.standard
    /// The colour theme and the roles coloured over it (`theme`, `color.*`; `--theme` wins).
    public var theme = ThemeSettings()

    /// The production REST base URL. The only place it is spelled out.
    public static let defaultAPIURL = "https://min-api.cryptocompare.com"
    /// The production streamer URL. The only place it is spelled out.
    public static let defaultStreamURL = "wss://streamer.cryptocompare.com/v2"
    /// CoinGecko's public API. The only place it is spelled out.
    public static let defaultCoinGeckoURL = "https://api.coingecko.com/api/v3"

    /// Creates a configuration directly (tests, embedding).
    public init(
        apiKey: APIKey? = nil,
        apiBaseURL: URL,
        streamURL: URL,
        caFile: String? = nil,
        defaultCurrency: String = "USD",
        currencies: [String] = ["USD", "EUR"],
        cacheDirectory: URL,
        configFilePath: String = "",
        requestTimeout: TimeInterval = 15,
        source: SourceChoice = .auto,
        coinGeckoBaseURL: URL = Configuration.defaultURL(Configuration.defaultCoinGeckoURL),
        coinGeckoKey: APIKey? = nil,
        newsFeeds: [FeedOutlet]? = nil,
        exchangeURLs: [Exchange: URL] = [:]
    ) {
        self.apiKey = apiKey
        self.apiBaseURL = apiBaseURL
        self.streamURL = streamURL
        self.caFile = caFile
        self.defaultCurrency = defaultCurrency
        self.currencies = currencies
        self.cacheDirectory = cacheDirectory
        self.configFilePath = configFilePath
        self.requestTimeout = requestTimeout
        self.source = source
        self.coinGeckoBaseURL = coinGeckoBaseURL
        self.coinGeckoKey = coinGeckoKey
        self.newsFeeds = newsFeeds
        self.exchangeURLs = exchangeURLs
    }

    /// The URL of `exchange`'s public feed: configured, or the production one.
    public func exchangeURL(_ exchange: Exchange) -> URL {
        exchangeURLs[exchange] ?? exchange.defaultURL
    }

    /// The news outlets to read: the configured feeds, or the default outlets.
    public var newsOutlets: [FeedOutlet] { newsFeeds ?? FeedOutlet.defaults }

    /// Every key configured, for redacting any line that might carry one.
    public var secrets: [APIKey] { [apiKey, coinGeckoKey].compactMap { $0 } }

    /// One of the default URLs above, which are literals that parse.
    public static func defaultURL(_ literal: String) -> URL {
        guard let url = URL(string: literal) else { preconditionFailure("bad default URL \(literal)") }
        return url
    }

    /// The config file path: `$XDG_CONFIG_HOME/lacripta/config`, else `~/.config/lacripta/config`.
    public static func configFilePath(environment: [String: String]) -> String {
        let base = environment[.xdgConfigHome] ?? ((environment[.home] ?? NSHomeDirectory()) + "/.config")
        return base + "/lacripta/config"
    }

    /// The cache directory: `$XDG_CACHE_HOME/lacripta`, else `~/.cache/lacripta`.
    public static func cacheDirectory(environment: [String: String]) -> URL {
        let base = environment[.xdgCacheHome] ?? ((environment[.home] ?? NSHomeDirectory()) + "/.cache")
        return URL(fileURLWithPath: base).appendingPathComponent("lacripta", isDirectory: true)
    }

    /// Resolves the configuration: environment variables win over the config file, which wins over
    /// the defaults. A missing config file is fine; an unreadable or malformed one is an error.
    ///
    /// Every setting is checked here, before anything touches the network: a key with a control
    /// character, a port of 0 or an unreadable CA file is the user's mistake, and must say so (exit
    /// 64, or 77 for the key) instead of failing later as "cannot reach" or falling back to the
    /// cache. Messages name the setting and where it was set, never its value.
    public static func load(
        environment: [String: String], readFile: (String) throws -> String? = Configuration.readIfPresent
    ) throws -> Configuration {
        let path = configFilePath(environment: environment)
        let file = try readFile(path).map { try ConfigFile(text: $0, path: path) } ?? ConfigFile()
        func setting(_ key: ConfigKey) -> SettingValue? {
            if let variable = key.environmentKey, let text = environment[variable] {
                return SettingValue(text: text, origin: variable.rawValue)
            }
            return file[key].map { SettingValue(text: $0, origin: file.origin(of: key)) }
        }
        let currency = try setting(.currency).map { try currencyCode($0) } ?? "USD"
        let currencies = try setting(.currencies).map { try currencyList($0) } ?? []
        var configuration = Configuration(
            apiKey: try setting(.apiKey).flatMap { try apiKey($0) },
            apiBaseURL: try url(setting(.apiURL), default: defaultAPIURL, schemes: ["http", "https"]),
            streamURL: try url(setting(.streamURL), default: defaultStreamURL, schemes: ["ws", "wss"]),
            caFile: try setting(.caFile).map { try caFile($0) },
            defaultCurrency: currency,
            currencies: currencies.isEmpty ? ["USD", "EUR"] : currencies,
            cacheDirectory: cacheDirectory(environment: environment),
            configFilePath: path,
            requestTimeout: try setting(.timeout).map { try timeout($0) } ?? 15,
            source: try setting(.source).map { try sourceChoice($0) } ?? .auto,
            coinGeckoBaseURL: try url(setting(.coinGeckoURL), default: defaultCoinGeckoURL, schemes: ["http", "https"]),
            coinGeckoKey: try setting(.coinGeckoAPIKey).flatMap { try coinGeckoKey($0) },
            newsFeeds: try setting(.newsFeeds).flatMap { try newsFeeds($0) },
            exchangeURLs: try exchangeURLs(setting)
        )
        configuration.hideAmounts = try setting(.hideAmounts).map { try boolean($0) } ?? false
        configuration.exchangeAPIURLs = try exchangeAPIURLs(setting)
        configuration.costMethod = try setting(.costMethod).map { try costMethod($0) } ?? .fifo
        configuration.alertExec = try setting(.alertExec).map { AlertProgram(command: try alertProgram($0), origin: $0.origin) }
        configuration.alertHysteresis = try setting(.alertHysteresis).map { try hysteresis($0) } ?? 0.005
        configuration.newsKeepDays = try setting(.newsKeepDays).map { try keepDays($0) } ?? ArticleArchive.defaultKeepDays
        configuration.keymap = try keymap(from: file).get()
        configuration.theme = try themeSettings(setting)
        return configuration
    }

    /// The exchange feeds' URLs that are configured, checked like the streamer's.
    private static func exchangeURLs(_ setting: (ConfigKey) -> SettingValue?) throws -> [Exchange: URL] {
        var urls: [Exchange: URL] = [:]
        for exchange in Exchange.allCases {
            guard let value = setting(exchange.urlSetting) else { continue }
            urls[exchange] = try url(value, default: exchange.defaultURLText, schemes: ["ws", "wss"])
        }
        return urls
    }

    /// The defaults, without reading the config file or the environment's settings: for the answers
    /// that must not depend on them (help, the version, usage errors).
    public static func unread(environment: [String: String]) -> Configuration {
        Configuration(
            apiBaseURL: defaultURL(defaultAPIURL), streamURL: defaultURL(defaultStreamURL), cacheDirectory: cacheDirectory(environment: environment),
            configFilePath: configFilePath(environment: environment))
    }

    /// Reads the config file if it exists; nil when it does not (see `ConfigFileReader`).
    @Sendable public static func readIfPresent(_ path: String) throws -> String? {
        try ConfigFileReader.contents(of: path)
    }
}
