import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta holdings`: what the user holds, valued at today's prices (one request for all), with
/// `set` and `rm` to change it. Amounts and costs keep the user's digits.
struct HoldingsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "holdings",
        abstract: "what you hold: lots, cost basis, value, realised and unrealised profit or loss",
        usage: "[options] | buy|sell|in|out SYMBOL AMOUNT … | tx [rm ID] | import FILE | export | chart | set SYMBOL AMOUNT | rm SYMBOL",
        discussion: """
            Transactions are kept in a plain-text journal, $XDG_DATA_HOME/lacripta/journal (default
            ~/.local/share/lacripta), one a line, readable only by you (0600) and meant to be edited by hand
            too (docs/store.md). The older holdings file beside it (SYMBOL AMOUNT [COST CURRENCY] a line) is
            read as your opening lots; `set` and `rm` still change it and record the adjustment in the journal.
            Amounts, prices and fees are plain decimals (0.5, 1200.75), kept exactly as typed and computed in
            exact decimal. A sale takes lots by the cost method: fifo (default), lifo, hifo (dearest first) or
            average (--method, or cost_method / LACRIPTA_COST_METHOD). A fee in --currency adds to a buy's cost
            and is taken from a sale's proceeds; a fee in a coin (--fee '0.0001 BTC') disposes of that coin. A
            sale of more than you hold is refused with what you hold. `in` without --price values the coin at
            that day's close in --currency (the market source's daily history, the one `coin` charts; today's
            is the latest price) and notes so in the journal; when the history cannot be had nothing is
            recorded (exit 69 offline, 65 for a coin or day with no close). An import values both sides of a
            coin-for-coin trade (Kraken's ETH for BTC: a sale and a purchase) the same way. Costs and gains in
            another currency than --currency count in the total at today's rate, from the same source's
            prices as `convert` takes them, named under the table with its time (and in the JSON's `rates`);
            with no rate their P/L is left out and a note says so. --hide-amounts (or hide_amounts = true)
            shows only percentages, for sharing a screen.
            """,
        options: [
            .option(
                "currency", short: "c", value: "CODE",
                help: "prices in (the list), or the price's and fee's currency (buy, sell, in, out, set): default USD or `currency`"),
            .flag("json", help: "print JSON (fields: see docs/json.md) instead of the table"),
            .flag("hide-amounts", help: "show only percentages: no amounts, values or P/L in money (also `hide_amounts`)"),
            .flag("lots", help: "list the open lots: when acquired, amount, cost per coin and cost"),
            .flag("realized", help: "list the disposals: proceeds, fee, cost and gain, with the total"),
            .option("year", value: "YYYY", help: "with --realized: only that year's disposals (UTC)"),
            .option(
                "method", value: "METHOD", choices: CostMethod.allCases.map(\.rawValue),
                help: "how sales take lots: fifo (default), lifo, hifo, average (also `cost_method`)"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta holdings buy BTC 0.5 --price 30000 --fee 10", "half a bitcoin at $30,000 each, $10 fee"),
            ("lacripta holdings sell BTC 0.2 --price 60000 --date 2024-06-01 --venue kraken", "a sale on a past day"),
            ("lacripta holdings buy ETH 2 --price 1800 --currency EUR --fee '0.001 ETH'", "bought in euros, fee paid in ether"),
            ("lacripta holdings in SOL 10 --note 'staking reward'", "coin that came in without a trade, valued at today's price"),
            ("lacripta holdings", "per coin: amount, average cost, value, unrealised and realised P/L, and the total"),
            ("lacripta holdings --lots --method hifo", "the open lots, as highest-in-first-out leaves them"),
            ("lacripta holdings --realized --year 2024", "what you sold in 2024, with the gain of each sale"),
            ("lacripta holdings --lots --json", "the open lots as JSON, amounts and costs as exact decimals"),
            ("lacripta holdings tx --coin BTC --since 2024-01-01", "the transactions, with their short ids"),
            ("lacripta holdings tx rm a1b2c3", "remove one transaction by its id"),
            ("lacripta holdings import ~/Downloads/coinbase.csv --dry-run", "what a Coinbase export would add"),
            ("lacripta holdings chart --days 90", "what your coins were worth each day, and what they cost"),
            ("lacripta holdings export > ledger.csv", "every transaction as CSV, which import reads back"),
            ("lacripta holdings set ETH 2.25 --cost 1800", "say what you hold now (recorded as an adjustment)"),
            ("lacripta holdings --hide-amounts", "only percentages, for a screen share"),
        ],
        positionalChoices: ["buy", "sell", "in", "out", "tx", "import", "export", "chart", "set", "rm"],
        subcommands: [
            Subcommand(
                name: "buy", abstract: "record a purchase", usage: "SYMBOL AMOUNT --price PRICE [options]", options: TransactionArguments.options),
            Subcommand(
                name: "sell", abstract: "record a sale (refused if you hold less)", usage: "SYMBOL AMOUNT --price PRICE [options]",
                options: TransactionArguments.options),
            Subcommand(
                name: "in", abstract: "record coin that came in: a transfer, reward or gift (without --price: at that day's close)",
                usage: "SYMBOL AMOUNT [--price PRICE] [options]",
                options: TransactionArguments.options),
            Subcommand(
                name: "out", abstract: "record coin that went out: a transfer, gift or payment", usage: "SYMBOL AMOUNT [options]",
                options: TransactionArguments.options),
            Subcommand(
                name: "tx", abstract: "list the transactions with their short ids, or remove one (tx rm ID)",
                usage: "[rm ID] [--coin SYMBOL] [--since DATE]",
                options: [
                    .option("coin", value: "SYMBOL", help: "only this coin's transactions"),
                    .option("since", value: "DATE", help: "only transactions on or after this day or time"),
                ]),
            Subcommand(
                name: "import",
                abstract: "add an exchange's CSV export (Coinbase, Kraken, Binance, lacripta's own); a re-import adds nothing; "
                    + "coin-for-coin trades valued at their day's close in --currency",
                usage: "FILE [--format coinbase|kraken|binance|generic] [--dry-run] [--skip-bad]",
                options: [
                    .option(
                        "format", value: "FORMAT", choices: ImportFormat.allCases.map(\.rawValue),
                        help: "the export's format (default: guessed from its header)"),
                    .flag("dry-run", help: "show what would be added, and add nothing"),
                    .flag("skip-bad", help: "import the rows that can be read when some cannot (each is reported)"),
                ]),
            Subcommand(
                name: "chart", abstract: "your portfolio's value per day, with its cost basis, as a chart", usage: "[--days 30|90|365|max] [--json]",
                options: [
                    .option(
                        "days", value: "DAYS", choices: ["30", "90", "365", "max"],
                        help: "how far back: 30 (default), 90, 365 or max (since the first transaction)")
                ]),
            Subcommand(
                name: "export", abstract: "print every transaction as CSV (re-importable) or JSON", usage: "[--format csv|json]",
                options: [
                    .option(
                        "format", value: "FORMAT", choices: ["csv", "json"], help: "csv (default: lacripta's own, which import reads back) or json")
                ]),
            Subcommand(
                name: "set", abstract: "record how much of a coin you hold now, optionally what one cost", usage: "SYMBOL AMOUNT [--cost PRICE]",
                options: [.option("cost", value: "PRICE", help: "what one coin cost, in --currency (default USD or `currency`)")]),
            Subcommand(name: "rm", abstract: "forget a coin (recorded as an adjustment to 0)", usage: "SYMBOL"),
        ]
    )

    /// What to do.
    enum Action {
        case list(hideAmounts: Bool, report: Report)
        case set(symbol: String, amount: DecimalText, cost: DecimalText?)
        case remove(String)
        case record(LedgerTransaction)
        case transactions(coin: String?, since: LedgerDate?)
        case importFile(path: String, format: ImportFormat?, dryRun: Bool, skipBad: Bool)
        case export(json: Bool)
        case chart(days: String)
        case removeTransaction(String)
    }

    /// What the list shows.
    enum Report: Equatable {
        case summary
        case lots
        case realized(year: Int?)
    }

    let action: Action
    let currency: String
    let json: Bool
    let provider: DataProvider
    let method: CostMethod

    init(arguments: ParsedArguments, context: Context) throws {
        currency = try TopCommand.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        json = arguments.has("json")
        provider = context.provider(SourceOption.choice(in: arguments))
        method =
            try arguments.string("method").map { text in
                guard let method = CostMethod(name: text) else {
                    throw ParseError.invalidValue(option: "method", value: text, expected: "fifo, lifo, hifo or average")
                }
                return method
            } ?? context.configuration.costMethod
        let positionals = arguments.positionals
        if let subcommand = arguments.subcommand, subcommand != "set", subcommand != "rm", subcommand != "chart" {
            try Self.refuse(["hide-amounts", "lots", "realized", "year", "method"], in: arguments, for: subcommand)
        }
        switch arguments.subcommand {
        case "buy", "sell", "in", "out":
            let kind = LedgerTransaction.Kind(rawValue: arguments.subcommand ?? "") ?? .buy
            try Self.refuse(["json"], in: arguments, for: kind.rawValue)
            action = .record(try TransactionArguments.transaction(kind, arguments, currency: currency, now: context.now()))
        case "tx":
            action = try Self.transactionsAction(arguments)
        case "import":
            action = try Self.importAction(arguments)
        case "chart":
            guard positionals.isEmpty else { throw ParseError.unexpectedArgument(positionals[0]) }
            action = .chart(days: arguments.string("days")?.lowercased() ?? "30")
        case "export":
            guard positionals.isEmpty else { throw ParseError.unexpectedArgument(positionals[0]) }
            try Self.refuse(["json", "currency"], in: arguments, for: "export")
            action = .export(json: arguments.string("format")?.lowercased() == "json")
        case "set":
            guard positionals.count >= 2 else { throw ParseError.missingArgument(positionals.isEmpty ? "SYMBOL" : "AMOUNT") }
            guard positionals.count == 2 else { throw ParseError.unexpectedArgument(positionals[2]) }
            guard let amount = DecimalText(positionals[1]) else {
                throw ParseError.invalidArgument(
                    name: "AMOUNT", value: positionals[1], expected: "plain digits with an optional decimal point, such as 0.5")
            }
            var cost: DecimalText?
            if let text = arguments.string("cost") {
                guard let price = DecimalText(text) else {
                    throw ParseError.invalidValue(option: "cost", value: text, expected: "plain digits with an optional decimal point, such as 30000")
                }
                cost = price
            } else if arguments.has("currency") {
                throw ParseError.conflict("--currency with set names the cost's currency: give --cost too")
            }
            try Self.refuse(["json", "hide-amounts", "lots", "realized", "year", "method"], in: arguments, for: "set")
            action = .set(symbol: positionals[0], amount: amount, cost: cost)
        case "rm":
            guard let symbol = positionals.first else { throw ParseError.missingArgument("SYMBOL") }
            guard positionals.count == 1 else { throw ParseError.unexpectedArgument(positionals[1]) }
            try Self.refuse(["json", "hide-amounts", "currency", "lots", "realized", "year", "method"], in: arguments, for: "rm")
            action = .remove(symbol)
        default:
            if let first = positionals.first {
                let suggestion = EditDistance.suggestion(for: first, among: Self.configuration.subcommands.map(\.name))
                throw ParseError.unknownCommand("holdings \(first)", suggestion: suggestion.map { "holdings \($0)" })
            }
            action = .list(hideAmounts: arguments.has("hide-amounts") || context.configuration.hideAmounts, report: try Self.report(arguments))
        }
    }

    /// A usage error when one of `options` is given to a subcommand it means nothing to.
    static func refuse(_ options: [String], in arguments: ParsedArguments, for subcommand: String) throws {
        if let given = options.first(where: arguments.has) {
            throw ParseError.conflict("--\(given) does not apply to holdings \(subcommand)")
        }
    }

    func run(in context: Context) async throws -> ExitCode {
        switch action {
        case .list(let hide, let report): return try await list(hideAmounts: hide, report: report, in: context)
        case .set(let symbol, let amount, let cost): return try await set(symbol, amount: amount, cost: cost, in: context)
        case .remove(let symbol): return try remove(symbol, in: context)
        case .record(let transaction): return try await record(transaction, in: context)
        case .transactions(let coin, let since): return try listTransactions(coin: coin, since: since, in: context)
        case .removeTransaction(let id): return try removeTransaction(id, in: context)
        case .importFile(let path, let format, let dryRun, let skipBad):
            return try await importFile(path, format: format, dryRun: dryRun, skipBad: skipBad, in: context)
        case .export(let json): return try export(json: json, in: context)
        case .chart(let days): return try await chart(days: days, in: context)
        }
    }

    /// Records the holding once the source's coin list knows the coin; nothing is written otherwise.
    private func set(_ input: String, amount: DecimalText, cost: DecimalText?, in context: Context) async throws -> ExitCode {
        let market = context.marketSource(provider)
        let search = try await market.coinSearch(currency: currency)
        context.reportOffline(search)
        guard let symbol = search.value.ticker(for: input) else {
            throw LacriptaError.unknownSymbol(
                Sanitizer.singleLine(input), detail: "\(market.name) lists no coin by that ticker or name; nothing was changed (try lacripta search)")
        }
        let holding = Holding(symbol: symbol, amount: amount, cost: cost.map { ($0, currency) })
        let adjustment = LedgerTransaction(
            date: LedgerDate(context.now()), kind: .set, amount: amount, symbol: symbol, price: cost.map { .init($0, currency) })
        try recordAdjustment(adjustment, in: context) { $0.set(holding) }
        let costText = cost.map { " at \($0.text) \(currency) each" } ?? ""
        try context.print([StyledText("Holding \(amount.text) \(symbol)\(costText).")])
        return .success
    }

    private func remove(_ input: String, in context: Context) throws -> ExitCode {
        let symbol = CoinSymbol.normalized(input.trimmingCharacters(in: .whitespaces)) ?? input
        let adjustment = LedgerTransaction(date: LedgerDate(context.now()), kind: .set, amount: .zero, symbol: symbol)
        let removed = try recordAdjustment(adjustment, in: context, onlyIfHeld: true) { $0.remove(symbol) }
        let text = removed ? "Removed \(symbol) from your holdings." : "\(Sanitizer.singleLine(symbol)) was not among your holdings."
        try context.print([StyledText(text, style: removed ? .plain : .secondary)])
        return .success
    }
}
