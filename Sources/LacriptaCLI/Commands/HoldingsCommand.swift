import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta holdings`: what the user holds, valued at today's prices (one request for all), with
/// `set` and `rm` to change it. Amounts and costs keep the user's digits.
struct HoldingsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "holdings",
        abstract: "what you hold: amount, value, share and profit or loss",
        usage: "[options]",
        discussion: """
            Holdings are kept in $XDG_DATA_HOME/lacripta/holdings (default ~/.local/share/lacripta),
            readable only by you (0600), one coin per line as SYMBOL AMOUNT [COST CURRENCY] (docs/store.md).
            Amounts and costs are plain decimals (0.5, 1200.75), kept and shown exactly as typed. With a
            cost per coin the table shows the profit or loss; a cost recorded in another currency than
            the prices is not converted: its P/L is left out and a note says so. --hide-amounts (or
            hide_amounts = true in the config file) shows only percentages, for sharing a screen.
            """,
        options: [
            .option("currency", short: "c", value: "CODE", help: "prices in (the list) or the cost's currency (set): default USD or `currency`"),
            .flag("json", help: "print a JSON object (fields: see docs/json.md) instead of the table"),
            .flag("hide-amounts", help: "show only percentages: no amounts, values or P/L in money (also `hide_amounts`)"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta holdings set BTC 0.5 --cost 30000", "half a bitcoin bought at $30,000 each"),
            ("lacripta holdings set ETH 2.25", "an amount without a cost"),
            ("lacripta holdings", "amount, price, value, share and P/L, with the total"),
            ("lacripta holdings --hide-amounts", "only percentages, for a screen share"),
            ("lacripta holdings rm ETH", "forget a coin"),
        ],
        positionalChoices: ["set", "rm"],
        subcommands: [
            Subcommand(
                name: "set", abstract: "record how much of a coin you hold, optionally what one cost", usage: "SYMBOL AMOUNT [--cost PRICE]",
                options: [.option("cost", value: "PRICE", help: "what one coin cost, in --currency (default USD or `currency`)")]),
            Subcommand(name: "rm", abstract: "forget a coin", usage: "SYMBOL"),
        ]
    )

    /// What to do.
    enum Action {
        case list(hideAmounts: Bool)
        case set(symbol: String, amount: DecimalText, cost: DecimalText?)
        case remove(String)
    }

    let action: Action
    let currency: String
    let json: Bool
    let provider: DataProvider

    init(arguments: ParsedArguments, context: Context) throws {
        currency = try TopCommand.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        json = arguments.has("json")
        provider = context.provider(SourceOption.choice(in: arguments))
        let positionals = arguments.positionals
        switch arguments.subcommand {
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
            try Self.refuse(["json", "hide-amounts"], in: arguments, for: "set")
            action = .set(symbol: positionals[0], amount: amount, cost: cost)
        case "rm":
            guard let symbol = positionals.first else { throw ParseError.missingArgument("SYMBOL") }
            guard positionals.count == 1 else { throw ParseError.unexpectedArgument(positionals[1]) }
            try Self.refuse(["json", "hide-amounts", "currency"], in: arguments, for: "rm")
            action = .remove(symbol)
        default:
            if let first = positionals.first {
                let suggestion = EditDistance.suggestion(for: first, among: Self.configuration.subcommands.map(\.name))
                throw ParseError.unknownCommand("holdings \(first)", suggestion: suggestion.map { "holdings \($0)" })
            }
            action = .list(hideAmounts: arguments.has("hide-amounts") || context.configuration.hideAmounts)
        }
    }

    /// A usage error when one of `options` is given to a subcommand it means nothing to.
    private static func refuse(_ options: [String], in arguments: ParsedArguments, for subcommand: String) throws {
        if let given = options.first(where: arguments.has) {
            throw ParseError.conflict("--\(given) does not apply to holdings \(subcommand)")
        }
    }

    func run(in context: Context) async throws -> ExitCode {
        switch action {
        case .list(let hide): return try await list(hideAmounts: hide, in: context)
        case .set(let symbol, let amount, let cost): return try await set(symbol, amount: amount, cost: cost, in: context)
        case .remove(let symbol): return try remove(symbol, in: context)
        }
    }

    private func list(hideAmounts: Bool, in context: Context) async throws -> ExitCode {
        let holdings = try context.store.holdings().holdings
        guard !holdings.isEmpty else {
            if json {
                let empty = HoldingsPresenter(
                    valuation: HoldingsValuation(holdings: [], prices: [:], currency: currency), hideAmounts: hideAmounts, source: "")
                try context.printRaw(try empty.json())
            } else {
                context.printError(StyledText("No holdings yet: record one with `lacripta holdings set BTC 0.5 --cost 30000`."))
            }
            return .success
        }
        let market = context.marketSource(provider)
        let quotes = try await market.availableQuotes(symbols: holdings.map(\.symbol), currency: currency)
        context.reportOffline(quotes)
        let prices = quotes.value.compactMapValues(\.price)
        let presenter = HoldingsPresenter(
            valuation: HoldingsValuation(holdings: holdings, prices: prices, currency: currency), hideAmounts: hideAmounts, source: market.name)
        for note in presenter.notes { context.printError(StyledText("note: " + note, style: .yellow)) }
        if json {
            try context.printRaw(try presenter.json())
        } else {
            let footer = StyledText("Prices from \(market.name)", style: .secondary)
            try context.print(presenter.table(width: context.stdoutCapabilities.width) + [footer])
        }
        return .success
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
        try context.store.updateHoldings { $0.set(holding) }
        let costText = cost.map { " at \($0.text) \(currency) each" } ?? ""
        try context.print([StyledText("Holding \(amount.text) \(symbol)\(costText).")])
        return .success
    }

    private func remove(_ input: String, in context: Context) throws -> ExitCode {
        let symbol = CoinSymbol.normalized(input.trimmingCharacters(in: .whitespaces)) ?? input
        let removed = try context.store.updateHoldings { $0.remove(symbol) }
        let text = removed ? "Removed \(symbol) from your holdings." : "\(Sanitizer.singleLine(symbol)) was not among your holdings."
        try context.print([StyledText(text, style: removed ? .plain : .secondary)])
        return .success
    }
}
