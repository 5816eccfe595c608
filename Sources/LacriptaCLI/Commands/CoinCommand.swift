import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta coin SYMBOL|NAME`: one coin's market figures and a chart of its price over a day, a
/// week, 30, 90 or 365 days or its whole history; off a terminal or with `--json`, the figures and
/// the prices instead of a drawing.
struct CoinCommand: Command {
    static let configuration = CommandConfiguration(
        name: "coin",
        abstract: "one coin's market figures and price chart",
        usage: "SYMBOL|NAME [options]",
        discussion: """
            SYMBOL|NAME is a ticker or a name in any case (ETH, ethereum, Ethereum). Where several coins share
            a ticker, the largest by market cap is shown and a note on stderr says so. The figures: price,
            change over the hour, 24 hours and 7 days (where the source has them) and over the range, the
            24h high and low, market cap and rank, 24h volume, circulating, total and maximum supply, and the
            all-time high and low with their dates and today's distance from them (CoinGecko only). The chart
            fills the terminal's width and a third of its height (--height sets it): braille dots in a UTF-8
            locale, half blocks otherwise; green when the range ended higher than it began, red otherwise, its
            high marked ▲ and its low ▼. --days 1 draws five-minute prices with the hours (UTC) under the
            chart, --days 7, 30 and 90 hourly ones with the dates (90 days from CryptoCompare: every two
            hours); 365 days are daily closes; --days max is the whole history the source gives (CoinGecko
            without a key: 365 days, and the chart says so).
            Off a terminal the figures are followed by one "DATE CLOSE" line per point (a finer series:
            "2026-01-03T13:40Z PRICE") instead of the drawing; --json prints both as one object.

            --candles draws open-high-low-close candles instead: from Kraken where it lists the pair, else
            Coinbase, else the source's own (CoinGecko's coarse candles without volume; CryptoCompare's
            with a key). Each candle is one column: a wick from low to high, a body from open to close,
            hollow ║ when it closed higher and filled █ when lower (O and # without UTF-8), green up and
            red down; more candles than columns are merged. --interval picks their width where the
            source has it; --volume adds volume bars under them. The line under the chart names the
            source, the market and the width. Off a terminal: "TIME OPEN HIGH LOW CLOSE VOLUME" lines.
            """,
        options: [
            .option(
                "days", short: "d", value: "N", choices: ChartRange.allCases.map(\.rawValue),
                help: "the chart's range: 1, 7, 30 (default), 90 or 365 days, or max"),
            .flag("candles", help: "draw candles (open, high, low, close) instead of a line"),
            .option(
                "interval", value: "WIDTH", choices: SeriesInterval.choices.map(\.name),
                help: "with --candles: each candle's width, 5m, 15m, 1h, 4h or 1d (default: by range)"),
            .flag("volume", help: "with --candles: volume bars under the candles"),
            .option("currency", short: "c", value: "CODE", help: "quote currency: USD (default), EUR, GBP, BTC, ..."),
            .option("height", value: "N", help: "the chart's height in rows, \(minimumHeight)-200 (default: a third of the terminal)"),
            .flag("json", help: "print a JSON object (fields: see docs/json.md) instead of text"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta coin eth", "Ethereum's figures and its 30-day chart"),
            ("lacripta coin btc --days 1", "today's five-minute prices, hours under the chart"),
            ("lacripta coin btc --days 1 --candles --interval 5m --volume", "today's five-minute candles with volume"),
            ("lacripta coin bitcoin --days 365 --currency EUR", "a year of Bitcoin in euros"),
            ("lacripta coin sol --height 20", "a taller chart"),
            ("lacripta coin btc --json | jq '.history[-1].close'", "the latest close, for scripts"),
            ("lacripta coin cardano --source public", "from CoinGecko, no key needed"),
        ]
    )

    /// The smallest chart worth drawing: the axes, two plot rows and the high/low line.
    static let minimumHeight = 5
    /// The default chart height when the terminal is short: a third of 24 rows would leave the
    /// plot five rows.
    static let defaultMinimumHeight = 10

    /// What the user typed for the coin.
    let coin: String
    let range: ChartRange
    let currency: String
    /// The chart's height in rows, when given.
    let height: Int?
    let json: Bool
    /// Candles instead of a line, their width (nil: by range) and whether to add volume.
    let candles: Bool
    let interval: SeriesInterval?
    let volume: Bool
    /// Where the data comes from, `auto` decided.
    let provider: DataProvider

    init(arguments: ParsedArguments, context: Context) throws {
        guard let coin = arguments.positionals.first else { throw ParseError.missingArgument("SYMBOL or NAME (e.g. ETH or ethereum)") }
        guard arguments.positionals.count == 1 else { throw ParseError.unexpectedArgument(arguments.positionals[1]) }
        guard !coin.trimmingCharacters(in: .whitespaces).isEmpty else { throw ParseError.missingArgument("SYMBOL or NAME (got an empty name)") }
        self.coin = coin
        range = arguments.string("days").flatMap(ChartRange.init(argument:)) ?? .month
        currency = try TopCommand.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        height = try arguments.integer("height", in: Self.minimumHeight...200)
        json = arguments.has("json")
        candles = arguments.has("candles")
        interval = arguments.string("interval").flatMap(SeriesInterval.init(argument:))
        volume = arguments.has("volume")
        if !candles, let option = [interval != nil ? "--interval" : nil, volume ? "--volume" : nil].compactMap({ $0 }).first {
            throw ParseError.conflict(
                "\(option) goes with --candles (lacripta coin BTC --candles \(option == "--volume" ? "--volume" : "--interval 1h"))")
        }
        provider = context.provider(SourceOption.choice(in: arguments))
    }

    func run(in context: Context) async throws -> ExitCode {
        let market = context.marketSource(provider)
        guard let resolution = try await market.resolveCoin(coin) else {
            throw LacriptaError.unknownSymbol(Sanitizer.singleLine(coin), detail: "\(market.name) lists no coin by that ticker or name")
        }
        if let note = resolution.note { context.printError(StyledText("note: \(Sanitizer.singleLine(note))", style: .secondary)) }
        if candles { return try await runCandles(market: market, coin: resolution.coin, in: context) }
        // Both requests at once: they do not depend on each other.
        async let detailRequest = market.detail(id: resolution.coin.id, currency: currency)
        async let historyRequest = market.priceSeries(id: resolution.coin.id, currency: currency, range: range)
        let (fetchedDetail, fetchedHistory) = try await (detailRequest, historyRequest)
        context.reportOffline(fetchedDetail)
        if fetchedHistory.isOffline && !fetchedDetail.isOffline { context.reportOffline(fetchedHistory) }
        var detail = fetchedDetail.value
        // CryptoCompare's price API has no names; the list the coin was found in has.
        if detail.name.caseInsensitiveCompare(detail.symbol) == .orderedSame { detail.name = resolution.coin.name }
        let series = fetchedHistory.value
        let figures = CoinFigures(
            detail: detail, history: series.history, days: range.days ?? max(series.history.spanDays, 1), interval: series.interval,
            range: range == .max ? .max : nil, limit: series.limit)
        let presenter = CoinPresenter(figures: figures, source: market.name)
        if json {
            try context.printRaw(try presenter.json())
        } else if context.stdoutCapabilities.isTerminal {
            let size = context.stdoutSize()
            let rows = height ?? max(size.rows / 3, Self.defaultMinimumHeight)
            let mode = ChartMode.preferred(environment: context.environment)
            try context.print(presenter.terminalLines(size: TerminalSize(columns: size.columns, rows: rows), mode: mode))
        } else {
            try context.print(presenter.plainLines())
        }
        return .success
    }
}
