import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta compare SYMBOL`: one pair's bid, ask and last across exchanges, live, from their own
/// public feeds (no key).
struct CompareCommand: Command {
    static let configuration = CommandConfiguration(
        name: "compare",
        abstract: "one coin's bid, ask and last price across exchanges, live (no key needed)",
        usage: "SYMBOL [options]",
        discussion: """
            Opens one connection to each exchange's public WebSocket feed (Coinbase, Kraken, Bitstamp,
            Bitfinex; no key needed; Binance, Binance.US, OKX, Gemini and CEX.IO when named with
            --exchanges)
            and follows SYMBOL in the quote currency: Binance and OKX quote Bitcoin in USDT, so ask
            for --currency USDT there. On a terminal a table is
            redrawn in place: each exchange's bid, ask, spread (money and basis points), last price and
            size, the age of its last update and its connection, with the highest bid and the lowest ask
            highlighted, and a line with the best bid and best ask across exchanges and the gap between
            them (a crossed market, one exchange bidding above another's ask, is marked). Prices are
            shown with the exchange's own digits. Off a terminal, or with --json, each quote is one JSON
            line (fields: see docs/json.md). An exchange that does not list the pair, or cannot be
            reached, says so and the others go on; a dropped or silent connection is re-opened with
            backoff; one that accepts the connection and sends nothing is named after a few seconds.
            Exits 65 when no exchange lists the pair, and 69 when none can be reached or --duration
            passes without a single quote. Feed URLs
            can be changed with LACRIPTA_COINBASE_URL, LACRIPTA_KRAKEN_URL, LACRIPTA_BITSTAMP_URL,
            LACRIPTA_BITFINEX_URL, LACRIPTA_BINANCE_URL, LACRIPTA_BINANCEUS_URL, LACRIPTA_OKX_URL,
            LACRIPTA_GEMINI_URL and LACRIPTA_CEX_URL (or coinbase_url, … in the config file). CEX.IO
            sends books without a time and at most once a second, so its quote may be a second old. Binance
            refuses some regions (the United States among them): it then says so and the others go on.
            """,
        options: [
            .option("currency", short: "c", value: "CODE", help: "quote currency: USD (default), EUR, GBP, USDT, ..."),
            .option(
                "exchanges", value: "LIST",
                help: "comma-separated, of \(Exchange.allCases.map(\.rawValue).joined(separator: ",")) (default: the first four)"),
            .option("chart", value: "EXCHANGE", help: "chart one exchange's ask, bid and last instead of every exchange's mid"),
            .flag("json", help: "one JSON object per quote (NDJSON)"),
            .option("count", value: "N", help: "exit after N quotes"),
            .option("duration", value: "SECONDS", help: "exit after SECONDS"),
        ],
        examples: [
            ("lacripta compare BTC", "Bitcoin in USD on four exchanges, side by side"),
            ("lacripta compare ETH --currency EUR", "Ether in euros"),
            ("lacripta compare BTC --exchanges coinbase,kraken", "just two exchanges"),
            ("lacripta compare BTC --chart kraken", "Kraken's ask, bid and last drawn under the table"),
            ("lacripta compare BTC --currency USDT --exchanges binance,okx", "Bitcoin in USDT on Binance and OKX"),
            ("lacripta compare BTC --json --count 20 | jq .bid", "the next 20 quotes, for scripts"),
        ]
    )

    /// The pair compared.
    let pair: TradingPair
    /// The exchanges, in the order given.
    let exchanges: [Exchange]
    /// The exchange whose ask, bid and last the chart draws; nil for every exchange's mid.
    let chart: Exchange?
    let json: Bool
    let count: Int?
    let duration: Int?

    init(arguments: ParsedArguments, context: Context) throws {
        guard let symbol = arguments.positionals.first else { throw ParseError.missingArgument("SYMBOL (e.g. lacripta compare BTC)") }
        guard arguments.positionals.count == 1 else {
            throw ParseError.invalidArgument(
                name: "SYMBOL", value: Sanitizer.singleLine(arguments.positionals.joined(separator: " ")), expected: "one coin, such as BTC")
        }
        let currency = try TopCommand.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        guard let pair = TradingPair(symbol) ?? TradingPair(base: symbol, quote: currency) else {
            throw ParseError.invalidArgument(
                name: "SYMBOL", value: Sanitizer.singleLine(symbol), expected: "a ticker such as BTC, or a pair such as BTC/EUR")
        }
        self.pair = pair
        exchanges = try Self.exchanges(arguments.string("exchanges"))
        chart = try Exchange.named(arguments.string("chart"), among: exchanges, option: "--chart")
        json = arguments.has("json")
        count = try arguments.integer("count", in: 1...Int.max)
        duration = try arguments.integer("duration", in: 1...Int(Int32.max))
    }

    /// The exchanges named in `list` (all when nil), without repeats.
    static func exchanges(_ list: String?) throws -> [Exchange] {
        guard let list else { return Exchange.compareDefaults }
        var chosen: [Exchange] = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
            guard let exchange = Exchange(rawValue: name) else {
                throw ParseError.invalidArgument(
                    name: "--exchanges", value: Sanitizer.singleLine(name), expected: Exchange.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if !chosen.contains(exchange) { chosen.append(exchange) }
        }
        guard !chosen.isEmpty else {
            throw ParseError.invalidArgument(name: "--exchanges", value: list, expected: Exchange.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return chosen
    }

    func run(in context: Context) async throws -> ExitCode {
        let drawsTable = context.stdoutCapabilities.isTerminal && !json
        // NDJSON lines go out in one write a frame, every quote in order, each with the time it was
        // taken from its connection (`receivedAt`, up to a frame late); the table is drawn at most
        // 20 times a second, so its feeds read once every two frames and keep the newest quote.
        let client = drawsTable ? context.viewWebSocketClient : context.lineWebSocketClient
        // One doorbell: the run takes every exchange's quotes together, once a frame. A table
        // keeps the newest quote of each exchange, unless --count asks to count every quote.
        let doorbell = HandoverDoorbell()
        let keeping: QuoteHandover<QuoteKey, ExchangeFeedEvent>.Keeping = drawsTable && count == nil ? .latest : .everything
        let feeds = exchanges.map { exchange in
            ExchangeFeed(
                exchange: exchange, url: context.configuration.exchangeURL(exchange), pairs: [pair], client: client, clock: context.clock,
                keeping: keeping, doorbell: doorbell)
        }
        var run = CompareRun(command: self, context: context, feeds: feeds, drawsTable: drawsTable, startedAt: context.now())
        // Rendered once: without colour (NO_COLOR, --color never) the frame keeps its reverse video.
        let screen: ViewScreen = drawsTable ? .inline(context.stdout, renderer: context.stdoutCapabilities.screenRenderer) : .none
        // Ticks off a terminal too: they end a run whose only exchanges left are silent.
        let driver = ViewDriver<CompareRun.Event>(screen: screen, context: context, tickInterval: .seconds(1))
        try await driver.run(&run)
        if run.outputFailure != nil { return .success }
        // A run that received nothing at all is no success, even when it lasted as long as asked.
        if run.timeRanOut, run.quotes == 0 {
            throw LacriptaError.refused(
                "No quote for \(pair) arrived from \(exchanges.map(\.name).joined(separator: ", ")) in \(duration ?? 0) s: "
                    + "try again later, or check the network and the exchanges' URL settings (LACRIPTA_COINBASE_URL, …).")
        }
        if run.stoppedByUser { return .success }
        if run.nobodyListsThePair {
            throw LacriptaError.unknownSymbol(pair.description, detail: "none of \(exchanges.map(\.name).joined(separator: ", ")) lists it")
        }
        if run.ended.count == feeds.count || run.quotes == 0 {
            throw LacriptaError.refused(
                "No exchange could stream \(pair): check the network, or the exchanges' URL settings (LACRIPTA_COINBASE_URL, …).")
        }
        return .success
    }
}
