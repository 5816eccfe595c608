import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta fav`: the user's favourite coins, with `add` and `rm` to change them. The list is
/// priced by one request for the whole set, whatever its length.
struct FavCommand: Command {
    static let configuration = CommandConfiguration(
        name: "fav",
        abstract: "your favourite coins: list them with prices, add or remove",
        usage: "[options]",
        discussion: """
            Favourites are kept in $XDG_DATA_HOME/lacripta/favorites (default ~/.local/share/lacripta),
            one ticker per line: edit it by hand if you like (docs/store.md). `add` checks each coin
            against the source's coin list (cached for a day) and accepts a ticker or an exact name;
            if any is unknown it names them and changes nothing. Adding a coin already there changes
            nothing. `lacripta top` marks favourites with ★; `lacripta top --favorites` shows only them.
            """,
        options: [
            .option("currency", short: "c", value: "CODE", help: "quote currency: USD (default), EUR, GBP, BTC, ..."),
            .flag("json", help: "print a JSON array (the fields of top --json) instead of the table"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta fav add BTC ETH sol", "star three coins"),
            ("lacripta fav", "your favourites with their prices"),
            ("lacripta fav rm ETH", "unstar one"),
            ("lacripta top --favorites --sort change", "your favourites, best performers first"),
        ],
        positionalChoices: ["add", "rm"],
        subcommands: [
            Subcommand(name: "add", abstract: "add coins to your favourites", usage: "SYMBOL... [options]"),
            Subcommand(name: "rm", abstract: "remove coins from your favourites", usage: "SYMBOL... [options]"),
        ]
    )

    /// What `fav` says when there is nothing to list.
    static let noFavoritesMessage = "No favourites yet: add some with `lacripta fav add BTC ETH`."

    /// The line under the favourites' table.
    static func footer(_ market: any MarketDataSource) -> StyledText {
        StyledText("\(market.name), your favourites in your order", style: .secondary)
    }

    /// What to do.
    enum Action: Equatable {
        case list
        case add([String])
        case remove([String])
    }

    let action: Action
    let currency: String
    let json: Bool
    let provider: DataProvider

    init(arguments: ParsedArguments, context: Context) throws {
        currency = try TopCommand.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        json = arguments.has("json")
        provider = context.provider(SourceOption.choice(in: arguments))
        switch arguments.subcommand {
        case nil:
            if let first = arguments.positionals.first {
                let suggestion = EditDistance.suggestion(for: first, among: Self.configuration.subcommands.map(\.name))
                throw ParseError.unknownCommand("fav \(first)", suggestion: suggestion.map { "fav \($0)" })
            }
            action = .list
        case "add", "rm":
            guard !arguments.positionals.isEmpty else { throw ParseError.missingArgument("SYMBOL") }
            if json { throw ParseError.conflict("--json only applies to the list (lacripta fav --json)") }
            action = arguments.subcommand == "add" ? .add(arguments.positionals) : .remove(arguments.positionals)
        default:
            throw ParseError.unexpectedArgument(arguments.subcommand ?? "")
        }
    }

    func run(in context: Context) async throws -> ExitCode {
        switch action {
        case .list: return try await list(in: context)
        case .add(let inputs): return try await add(inputs, in: context)
        case .remove(let inputs): return try remove(inputs, in: context)
        }
    }

    /// The favourites with their prices, as `top` shows coins.
    private func list(in context: Context) async throws -> ExitCode {
        let symbols = try context.store.favorites().symbols
        guard !symbols.isEmpty else {
            if json { try context.printRaw("[]\n") } else { context.printError(StyledText(Self.noFavoritesMessage)) }
            return .success
        }
        let market = context.marketSource(provider)
        let fetched = try await market.coins(symbols: symbols, currency: currency)
        context.reportOffline(fetched)
        var presenter = ToplistPresenter(currency: currency, period: .rolling24h, source: market.name)
        presenter.favorites = Set(symbols)
        if json {
            try context.printRaw(try presenter.json(fetched.value))
        } else {
            try context.print(presenter.table(fetched.value, width: context.stdoutCapabilities.width) + [Self.footer(market)])
        }
        return .success
    }

    /// Adds every coin named, or none: an unknown one is named and nothing is written.
    private func add(_ inputs: [String], in context: Context) async throws -> ExitCode {
        let market = context.marketSource(provider)
        let search = try await market.coinSearch(currency: currency)
        context.reportOffline(search)
        let (known, unknown) = search.value.tickers(for: inputs)
        guard unknown.isEmpty else {
            let names = unknown.map { Sanitizer.singleLine($0) }.joined(separator: ", ")
            throw LacriptaError.unknownSymbol(
                names, detail: "\(market.name) lists no coin by that ticker or name; nothing was changed (try lacripta search)")
        }
        let added = try context.store.updateFavorites { favorites in known.filter { favorites.add($0) } }
        let already = known.filter { !added.contains($0) }
        var lines: [StyledText] = []
        if !added.isEmpty { lines.append(StyledText("Added to your favourites: \(added.joined(separator: ", ")).")) }
        if !already.isEmpty { lines.append(StyledText("Already favourites: \(already.joined(separator: ", ")).", style: .secondary)) }
        // Favourites are kept by ticker: say so when the ticker is not one coin's alone.
        for ticker in added where search.value.coins(withSymbol: ticker) > 1 {
            let count = search.value.coins(withSymbol: ticker)
            lines.append(
                StyledText(
                    "\(ticker) is the ticker of \(count) coins on \(market.name); prices are the largest one's (lacripta search \(ticker) lists them).",
                    style: .secondary))
        }
        try context.print(lines)
        return .success
    }

    /// Removes the coins named; one that was not a favourite is said, not an error.
    private func remove(_ inputs: [String], in context: Context) throws -> ExitCode {
        let symbols = inputs.map { CoinSymbol.normalized($0.trimmingCharacters(in: .whitespaces)) ?? $0 }
        let removed = try context.store.updateFavorites { favorites in symbols.filter { favorites.remove($0) } }
        let absent = symbols.filter { !removed.contains($0) }
        var lines: [StyledText] = []
        if !removed.isEmpty { lines.append(StyledText("Removed from your favourites: \(removed.joined(separator: ", ")).")) }
        if !absent.isEmpty {
            let names = absent.map { Sanitizer.singleLine($0) }.joined(separator: ", ")
            lines.append(StyledText("Not among your favourites: \(names).", style: .secondary))
        }
        try context.print(lines)
        return .success
    }
}
