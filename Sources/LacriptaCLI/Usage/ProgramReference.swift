import LacriptaCore

/// What the help, the man page and the completions say about the program as a whole, as tables,
/// so the three cannot tell different stories.
enum ProgramReference {
    /// One line: what lacripta is.
    static let summary = "crypto prices, news and live quotes in your terminal, with or without an API key"

    /// The environment variables a user may set, with what each does.
    static let environment: [(name: String, meaning: String)] = [
        (EnvironmentKey.source.rawValue, "auto (default: cryptocompare with a key, else public), cryptocompare or public"),
        (EnvironmentKey.apiKey.rawValue, "CryptoCompare API key (or `api_key = KEY` in ~/.config/lacripta/config); never printed"),
        (EnvironmentKey.apiURL.rawValue, "REST base URL (default \(Configuration.defaultAPIURL))"),
        (EnvironmentKey.streamURL.rawValue, "streamer URL (default \(Configuration.defaultStreamURL))"),
        (EnvironmentKey.coinGeckoURL.rawValue, "CoinGecko base URL (default \(Configuration.defaultCoinGeckoURL))"),
        (EnvironmentKey.coinGeckoAPIKey.rawValue, "optional CoinGecko demo key, for higher limits; never printed"),
        (EnvironmentKey.newsFeeds.rawValue, "news feed URLs, comma-separated, replacing the default outlets"),
        (
            Exchange.allCases.compactMap { $0.urlSetting.environmentKey?.rawValue }.joined(separator: ", "),
            "exchange feed URLs for `compare` and keyless `live` (defaults: the exchanges' public feeds)"
        ),
        (EnvironmentKey.caFile.rawValue, "extra PEM CA bundle to trust"),
        (EnvironmentKey.timeout.rawValue, "seconds one request may take, 1 to 600 (default 15)"),
        (EnvironmentKey.hideAmounts.rawValue, "true: holdings shows only percentages (or `hide_amounts = true`)"),
        (EnvironmentKey.newsKeepDays.rawValue, "days the news archive keeps articles you did not save or rate (default 90)"),
        (EnvironmentKey.xdgDataHome.rawValue, "where favourites, holdings and the news archive are kept (default ~/.local/share; see docs/store.md)"),
        (EnvironmentKey.theme.rawValue, "colour theme: \(ThemeName.choices) (or `theme =`, `--theme`; docs/themes.md)"),
        ("NO_COLOR, FORCE_COLOR", "turn colour off / on"),
    ]

    /// The exit statuses (sysexits), in order.
    static let exitCodes: [(code: Int32, meaning: String)] = [
        (ExitCode.success.rawValue, "ok"),
        (ExitCode.usage.rawValue, "usage or configuration mistake"),
        (ExitCode.dataError.rawValue, "bad data or unknown coin"),
        (ExitCode.unavailable.rawValue, "service unavailable"),
        (ExitCode.rateLimited.rawValue, "rate limited"),
        (ExitCode.authentication.rawValue, "authentication"),
        (ExitCode.failure.rawValue, "other"),
    ]

    /// The files lacripta reads or writes.
    static let files: [(path: String, meaning: String)] = [
        (
            "$XDG_CONFIG_HOME/lacripta/config",
            "settings as `key = value` lines (default ~/.config/lacripta/config); keys: "
                + ConfigKey.summaryNames.joined(separator: ", ")
        ),
        ("$XDG_CACHE_HOME/lacripta/", "the last good answers, shown when the network fails (default ~/.cache/lacripta)"),
        (
            "$XDG_DATA_HOME/lacripta/favorites",
            "your favourites, one coin symbol per line (default ~/.local/share/lacripta; hand-editable, see docs/store.md)"
        ),
        ("$XDG_DATA_HOME/lacripta/holdings", "your holdings, `SYMBOL AMOUNT [COST CURRENCY]` per line, readable only by you (0600)"),
        (
            "$XDG_DATA_HOME/lacripta/news.sqlite",
            "the news archive: articles fetched, read and new marks, saved and rated (SQLite; docs/news-archive.md)"
        ),
    ]
}
