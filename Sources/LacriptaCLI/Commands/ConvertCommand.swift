import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta convert AMOUNT UNIT [± AMOUNT UNIT …] [in] UNIT`: a sum of amounts in any coins and
/// currencies, in one unit, exactly, with the rates used and where and when they were quoted.
struct ConvertCommand: Command {
    static let configuration = CommandConfiguration(
        name: "convert",
        abstract: "convert amounts between coins and currencies",
        usage: "AMOUNT UNIT [+|- AMOUNT UNIT ...] [in] UNIT [options]",
        discussion: """
            Adds and subtracts amounts in any coins (tickers: BTC, ETH, SOL) and currencies (USD, EUR, CHF,
            JPY, ...) and gives the total in the last unit; "in" or "to" before it is optional. Amounts are
            exact decimals and so is the arithmetic; the answer is shown to a currency's cents (a coin's
            eight decimals), --json carries every digit. The rates come from the market source's prices:
            every coin in one currency, other currencies by way of Bitcoin's price in them. The lines under
            the answer show each rate, its source and when it was quoted. A ticker several coins share is
            the largest by market cap, and a note says so; a unit no one lists is named with the closest
            known ones.
            """,
        options: [
            .flag("json", help: "print a JSON object (fields: see docs/json.md) instead of text"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta convert 0.5 BTC EUR", "half a bitcoin in euros"),
            ("lacripta convert 250 EUR BTC", "what 250 euros buy"),
            ("lacripta convert 1 BTC + 2.5 ETH - 500 USD in CHF", "a sum of several coins and a currency"),
            ("lacripta convert 1 eth sol --json | jq -r .result", "every digit, for scripts"),
        ]
    )

    let expression: ConversionExpression
    let json: Bool
    let provider: DataProvider

    init(arguments: ParsedArguments, context: Context) throws {
        do throws(ConversionSyntaxError) {
            expression = try ConversionExpression.parse(arguments.positionals)
        } catch {
            throw ParseError.conflict(error.description)
        }
        json = arguments.has("json")
        provider = context.provider(SourceOption.choice(in: arguments))
    }

    func run(in context: Context) async throws -> ExitCode {
        let market = context.marketSource(provider)
        let priced: ConversionPricer.Priced
        do {
            priced = try await ConversionPricer(market: market).price(expression)
        } catch let unknown as ConversionPricer.UnknownUnit {
            throw LacriptaError.unknownSymbol(
                Sanitizer.singleLine(unknown.unit), detail: unknownUnitDetail(unknown.unit, market: market))
        }
        for note in priced.notes { context.printError(StyledText("note: \(Sanitizer.singleLine(note))", style: .secondary)) }
        context.reportOffline(fetchedAt: priced.rates.map(\.time).min() ?? context.now(), reason: priced.offlineReason)
        guard let result = Conversion.evaluate(expression, values: priced.values) else {
            throw LacriptaError.failed("\(market.name) gave no usable rate for \(expression.target)")
        }
        let presenter = ConvertPresenter(expression: expression, result: result, priced: priced, source: market.name)
        if json {
            try context.printRaw(try presenter.json())
        } else {
            try context.print(presenter.lines())
        }
        return .success
    }

    /// "not a currency or a coin CoinGecko lists; closest: BTC, BCH": the known units nearest the
    /// one typed, from the currencies and the last toplist cached.
    private func unknownUnitDetail(_ unit: String, market: any MarketDataSource) -> String {
        let coins = market.cachedToplist(currency: "USD")?.coins.map { $0.symbol.uppercased() } ?? []
        let known = Array(Set(coins + FiatCurrency.digits.keys))
        let closest = known.map { ($0, EditDistance.between(unit, $0)) }.filter { $0.1 <= max(2, unit.count / 2) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
        return "not a currency or a coin \(market.name) lists" + (closest.isEmpty ? "" : "; closest: " + closest.joined(separator: ", "))
    }
}
