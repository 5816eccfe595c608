import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta top`: the top coins (by top-tier volume on CryptoCompare, by market cap on CoinGecko),
/// as a table, JSON, or a refreshing view.
struct TopCommand: Command {
    static let configuration = CommandConfiguration(
        name: "top",
        abstract: "the top coins with price and change",
        usage: "[options]",
        discussion: """
            Prices come from CryptoCompare's toplist, ranked by top-tier volume (with a key), or from
            CoinGecko's public API, ranked by market cap (no key): one request per refresh, and the line
            under the table names the source. CoinGecko has no change since midnight (--change day). Up
            moves are green with ▲, down red with ▼, unchanged yellow with =; the arrows carry the meaning
            without colour. Your favourites carry a ★ (lacripta fav). Coins the service sends without
            market data show a dash. When the network
            fails and an earlier answer is cached, it is shown with an "offline" notice on stderr.
            """,
        options: [
            .option("limit", short: "n", value: "N", help: "how many coins, 1-100 (default 50)"),
            .option("currency", short: "c", value: "CODE", help: "quote currency: USD (default), EUR, GBP, BTC, ..."),
            .option(
                "change", value: "PERIOD", choices: ChangePeriod.allCases.map(\.rawValue),
                help: "change over 24h (default), day (since 00:00 UTC) or hour"),
            .option(
                "sort", short: "s", value: "COLUMN", choices: CoinOrder.allCases.map(\.rawValue),
                help: "rank (default), price, change, name, volume or mcap"),
            .flag("reverse", short: "r", help: "reverse the sort order"),
            .flag("json", help: "print a JSON array (fields: see docs/json.md) instead of the table"),
            .flag("favorites", help: "only your favourites (lacripta fav add), priced in one request"),
            .option("group", short: "g", value: "NAME", help: "only the favourites of one watchlist group (implies --favorites)"),
            .option("watch", short: "w", value: "SECONDS", optionalValue: true, help: "refresh every SECONDS (default 30, minimum 10) until Ctrl-C"),
            .flag("interactive", short: "i", help: "full-screen view: keys, live prices, news (? lists the keys); -w sets its refresh"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta top", "the top 50 in USD"),
            ("lacripta top -n 10 --currency EUR --change hour", "top 10 in euros, change over the last hour"),
            ("lacripta top --sort change --reverse", "biggest losers first"),
            ("lacripta top --json | jq '.[0].price'", "the price of the top coin, for scripts"),
            ("lacripta top --watch 15", "redraw every 15 seconds in place"),
            ("lacripta top -i --currency EUR", "the interactive view, starting in euros"),
            ("lacripta top --source public", "CoinGecko's toplist, no key needed"),
            ("lacripta top --favorites", "only the coins you starred with lacripta fav add"),
        ]
    )

    /// The default and smallest refresh intervals: the service refreshes toplists about every
    /// 10 s, so faster polling would only spend rate limit.
    static let defaultWatchInterval = 30
    static let minimumWatchInterval = 10

    let limit: Int
    let currency: String
    let period: ChangePeriod
    let order: CoinOrder
    let reversed: Bool
    let json: Bool
    let watchInterval: Int?
    let interactive: Bool
    /// `--favorites`: the user's favourites instead of the toplist.
    let favoritesOnly: Bool
    /// `--group NAME`: only that group's favourites (nil name: the default group).
    let group: String??
    /// Where the data comes from, `auto` decided.
    let provider: DataProvider

    init(arguments: ParsedArguments, context: Context) throws {
        guard arguments.positionals.isEmpty else { throw ParseError.unexpectedArgument(arguments.positionals[0]) }
        limit = try arguments.integer("limit", in: 1...100) ?? 50
        currency = try Self.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        period = arguments.string("change").flatMap(ChangePeriod.init(rawValue:)) ?? .rolling24h
        order = arguments.string("sort").flatMap(CoinOrder.init(rawValue:)) ?? .rank
        reversed = arguments.has("reverse")
        json = arguments.has("json")
        interactive = arguments.has("interactive")
        group = try arguments.string("group").map { try FavCommand.group($0) }
        favoritesOnly = arguments.has("favorites") || group != nil
        if favoritesOnly && interactive {
            throw ParseError.conflict("--favorites cannot be combined with --interactive yet")
        }
        provider = context.provider(SourceOption.choice(in: arguments))
        try context.marketSource(provider).check(period)
        if interactive && json { throw ParseError.conflict("--interactive and --json cannot be combined") }
        if arguments.has("watch") {
            let interval = try arguments.integer("watch", in: Self.minimumWatchInterval...86_400) ?? Self.defaultWatchInterval
            if json { throw ParseError.conflict("--watch and --json cannot be combined (use a loop around --json instead)") }
            watchInterval = interval
        } else {
            watchInterval = nil
        }
    }

    /// Validates a currency code: letters and digits, 2 to 10 of them, upper-cased.
    static func currency(_ text: String) throws -> String {
        let code = text.uppercased()
        guard (2...10).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw ParseError.invalidValue(option: "currency", value: text, expected: "a currency code such as USD, EUR or BTC")
        }
        return code
    }

    func run(in context: Context) async throws -> ExitCode {
        if interactive { return try await runInteractive(in: context) }
        if let watchInterval {
            // A source that caches for 30 s (CoinGecko) gains nothing from faster polling but 429s.
            let interval = max(watchInterval, context.marketSource(provider).minimumRefreshInterval)
            return try await WatchLoop(command: self, interval: interval).run(in: context)
        }
        let market = context.marketSource(provider)
        let favorites: Set<String>
        let fetched: Fetched<[Coin]>
        if favoritesOnly {
            let stored = try context.store.favorites()
            let symbols = group.map { stored.symbols(in: $0) } ?? stored.symbols
            favorites = Set(stored.symbols)
            guard !symbols.isEmpty else {
                let message = group.map { "No favourites in the group \($0 ?? Favorites.defaultGroup)." } ?? FavCommand.noFavoritesMessage
                if json { try context.printRaw("[]\n") } else { context.printError(StyledText(message)) }
                return .success
            }
            fetched = try await market.coins(symbols: symbols, currency: currency)
        } else {
            favorites = context.favoriteSymbols()
            let toplist = try await market.toplist(currency: currency, limit: limit)
            fetched = Fetched(value: toplist.value.coins, fetchedAt: toplist.fetchedAt, offlineReason: toplist.offlineReason)
        }
        context.reportOffline(fetched)
        let coins = order.apply(to: fetched.value, period: period, reversed: reversed)
        var presenter = ToplistPresenter(currency: currency, period: period, source: market.name)
        presenter.favorites = favorites
        if json {
            try context.printRaw(try presenter.json(coins))
        } else if coins.isEmpty {
            context.printError(StyledText(presenter.noCoinsMessage))
        } else {
            let footer = favoritesOnly ? FavCommand.footer(market) : ToplistPresenter.footer(market)
            try context.print(presenter.table(coins, width: context.stdoutCapabilities.width) + [footer])
        }
        return .success
    }

    /// `--interactive`: the full-screen view, starting from this command's options.
    private func runInteractive(in context: Context) async throws -> ExitCode {
        guard InteractiveView.isAvailable(in: context) else {
            throw LacriptaError.usage("--interactive needs a terminal on standard input and output (use --watch when piping)")
        }
        var options = InteractiveView.defaultOptions(context, provider: provider)
        options.currencies = InteractiveOptions(currency: currency, configured: context.configuration.currencies).currencies
        options.currency = currency
        options.period = period
        options.order = order
        options.reversed = reversed
        options.limit = limit
        let market = context.marketSource(provider)
        options.refreshInterval = max(watchInterval ?? InteractiveOptions.defaultRefreshInterval, market.minimumRefreshInterval)
        return await InteractiveView.run(options, context: context)
    }
}
