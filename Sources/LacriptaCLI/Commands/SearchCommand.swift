import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta search QUERY`: every coin the source lists (thousands, cached for a day), ranked by
/// how well it matches, each row saying whether it is a favourite or held.
struct SearchCommand: Command {
    static let configuration = CommandConfiguration(
        name: "search",
        abstract: "find any coin by ticker or name",
        usage: "QUERY [options]",
        discussion: """
            Searches the source's whole coin list (CoinGecko's /coins/list or CryptoCompare's coin list,
            fetched once a day): first the coins whose ticker is QUERY, then exact names, then tickers
            and names starting with it, then those containing it; ties go to the better market-cap rank
            (from the last toplist fetched). Tickers are not unique: "Ticker shared" says how many coins
            use one, and Key is the source's own name for each. ★ marks your favourites, "held" your
            holdings (both are kept by ticker). Add one with `lacripta fav add SYMBOL`.
            """,
        options: [
            .option("limit", short: "n", value: "N", help: "how many results, 1-500 (default 20)"),
            .flag("json", help: "print a JSON array (fields: see docs/json.md) instead of the table"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta search eth", "every coin called ETH first, then Ethereum and the rest"),
            ("lacripta search \"wrapped bitcoin\" -n 5", "the five best matches for a name"),
            ("lacripta search doge --json | jq '.[0].id'", "the source's key of the best match"),
        ]
    )

    let query: String
    let limit: Int
    let json: Bool
    let provider: DataProvider
    let currency: String

    init(arguments: ParsedArguments, context: Context) throws {
        let query = arguments.positionals.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { throw ParseError.missingArgument("QUERY") }
        self.query = query
        limit = try arguments.integer("limit", in: 1...500) ?? 20
        json = arguments.has("json")
        provider = context.provider(SourceOption.choice(in: arguments))
        currency = context.configuration.defaultCurrency
    }

    func run(in context: Context) async throws -> ExitCode {
        let market = context.marketSource(provider)
        let search = try await market.coinSearch(currency: currency)
        context.reportOffline(search)
        let matches = search.value.search(query, limit: limit)
        let held = (try? context.store.holdings().holdings.map(\.symbol)) ?? []
        let presenter = SearchPresenter(favorites: context.favoriteSymbols(), held: Set(held), source: market.name)
        if json {
            try context.printRaw(try presenter.json(matches))
        } else if matches.isEmpty {
            context.printError(StyledText("No coin of \(market.name)'s \(search.value.count) matches \"\(Sanitizer.singleLine(query))\"."))
        } else {
            let footer = StyledText("\(market.name): \(search.value.count) coins searched, best match first", style: .secondary)
            try context.print(presenter.table(matches, width: context.stdoutCapabilities.width) + [footer])
        }
        return .success
    }
}
