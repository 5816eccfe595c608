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
            .option("group", short: "g", value: "NAME", help: "one watchlist group: list, add to or remove from it (default: the ungrouped)"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta fav add BTC ETH sol", "star three coins"),
            ("lacripta fav", "your favourites with their prices"),
            ("lacripta fav rm ETH", "unstar one"),
            ("lacripta fav add BTC DOT --group long-term", "keep two coins in a group of their own"),
            ("lacripta fav --group long-term", "that group with its prices"),
            ("lacripta top --favorites --sort change", "your favourites, best performers first"),
        ],
        positionalChoices: ["add", "rm", "groups"],
        subcommands: [
            Subcommand(name: "add", abstract: "add coins to your favourites (to --group NAME)", usage: "SYMBOL... [options]"),
            Subcommand(name: "rm", abstract: "remove coins from your favourites (from --group NAME only)", usage: "SYMBOL... [options]"),
            Subcommand(name: "groups", abstract: "list your watchlist groups and how many coins each holds", usage: ""),
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
        case groups
    }

    let action: Action
    /// Whether `--group` was given: the list and `rm` then apply to that group alone.
    let groupGiven: Bool
    /// `--group NAME`: the group listed, added to or removed from; nil for the default group.
    let group: String?
    let currency: String
    let json: Bool
    let provider: DataProvider

    init(arguments: ParsedArguments, context: Context) throws {
        currency = try TopCommand.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        json = arguments.has("json")
        provider = context.provider(SourceOption.choice(in: arguments))
        groupGiven = arguments.string("group") != nil
        group = try Self.group(arguments.string("group"))
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
        case "groups":
            if let extra = arguments.positionals.first { throw ParseError.unexpectedArgument(extra) }
            action = .groups
        default:
            throw ParseError.unexpectedArgument(arguments.subcommand ?? "")
        }
    }

    /// A `--group` value as stored, or a usage error saying what a group name is; "default" is
    /// the ungrouped favourites (nil).
    static func group(_ value: String?) throws(ParseError) -> String? {
        guard let value else { return nil }
        if value.lowercased() == Favorites.defaultGroup { return nil }
        guard let name = Favorites.groupName(value) else {
            throw ParseError.invalidValue(option: "group", value: value, expected: "a name of letters, digits, - and _ (at most 32)")
        }
        return name
    }

    func run(in context: Context) async throws -> ExitCode {
        switch action {
        case .list: return try await list(in: context)
        case .add(let inputs): return try await add(inputs, in: context)
        case .remove(let inputs): return try remove(inputs, in: context)
        case .groups: return try groups(in: context)
        }
    }

    /// The groups with their sizes, the default group first, as a table (names of any length
    /// keep the counts in one column).
    private func groups(in context: Context) throws -> ExitCode {
        let favorites = try context.store.favorites()
        let groups: [String?] = [nil] + favorites.groups
        var table = Table(columns: [
            Table.Column("Group", priority: 2, isFlexible: true), Table.Column("Coins", alignment: .right, priority: 1),
        ])
        for group in groups {
            table.addRow([StyledText(group ?? Favorites.defaultGroup), StyledText("\(favorites.symbols(in: group).count)")])
        }
        try context.print(table.render(width: context.stdoutCapabilities.width))
        return .success
    }

    /// The favourites with their prices, as `top` shows coins.
    private func list(in context: Context) async throws -> ExitCode {
        let favorites = try context.store.favorites()
        let symbols = groupGiven ? favorites.symbols(in: group) : favorites.symbols
        guard !symbols.isEmpty else {
            let message = groupGiven ? "No favourites in the group \(group ?? Favorites.defaultGroup)." : Self.noFavoritesMessage
            if json { try context.printRaw("[]\n") } else { context.printError(StyledText(message)) }
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
        let group = self.group
        let added = try context.store.updateFavorites { favorites in known.filter { favorites.add($0, to: group) } }
        let already = known.filter { !added.contains($0) }
        let place = groupGiven ? "the group \(group ?? Favorites.defaultGroup)" : "your favourites"
        var lines: [StyledText] = []
        if !added.isEmpty { lines.append(StyledText("Added to \(place): \(added.joined(separator: ", ")).")) }
        if !already.isEmpty {
            let where_ = groupGiven ? "Already in \(place)" : "Already favourites"
            lines.append(StyledText("\(where_): \(already.joined(separator: ", ")).", style: .secondary))
        }
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
        // Without --group a coin is unstarred everywhere; with it, taken out of that group only.
        let (group, groupGiven) = (self.group, self.groupGiven)
        let removed = try context.store.updateFavorites { favorites in
            symbols.filter { groupGiven ? favorites.remove($0, fromGroup: group) : favorites.remove($0) }
        }
        let absent = symbols.filter { !removed.contains($0) }
        let place = groupGiven ? "the group \(group ?? Favorites.defaultGroup)" : "your favourites"
        var lines: [StyledText] = []
        if !removed.isEmpty { lines.append(StyledText("Removed from \(place): \(removed.joined(separator: ", ")).")) }
        if !absent.isEmpty {
            let names = absent.map { Sanitizer.singleLine($0) }.joined(separator: ", ")
            lines.append(StyledText("\(groupGiven ? "Not in \(place)" : "Not among your favourites"): \(names).", style: .secondary))
        }
        try context.print(lines)
        return .success
    }
}
