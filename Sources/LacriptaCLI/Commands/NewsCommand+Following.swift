import Foundation
import LacriptaCore
import LacriptaTerminal

extension NewsCommand {
    /// What `news --following` says when the user follows nothing yet.
    static let nothingFollowedMessage =
        "You follow no coins yet: add favourites with `lacripta fav add BTC ETH`, or holdings with `lacripta holdings set BTC 0.5`."

    /// The favourites and holdings, each with the name the source knows it by (so articles that
    /// name the coin without its ticker match too). A store that cannot be read fails the command
    /// (exit 65, naming the line); a coin the source cannot resolve is matched by its ticker alone.
    func followedCoins(in source: any NewsSource, context: Context) async throws -> [FollowedCoin] {
        let store = context.store
        let favorites = try store.favorites().symbols
        let held = try store.holdings().holdings.map(\.symbol)
        var coins = FollowedCoin.merging(favorites: favorites, held: held)
        // One at a time: the first lookup fetches the coin list, the rest find it in the cache.
        for index in coins.indices {
            guard let topic = try? await source.topic(for: coins[index].symbol, knownCoins: []) else { continue }
            // A resolver that went by name may land on another ticker; the stored ticker is the user's.
            if topic.symbol.uppercased() == coins[index].symbol { coins[index].name = topic.name }
        }
        return coins
    }

    /// How a line names the user's coins an article is about: "BTC (held), ETH".
    static func about(_ item: FollowedArticle, in followed: [FollowedCoin]) -> String {
        let held = Set(followed.filter(\.isHeld).map(\.symbol))
        return item.coins.map { held.contains($0) ? "\($0) (held)" : $0 }.joined(separator: ", ")
    }

    /// Says on stderr what paging could not do: a source with fewer pages than asked, or feeds,
    /// which hold only their latest articles, asked for older ones.
    func notePaging(_ fetched: PagedNews, context: Context) {
        let feedsOnly = provider == .publicSources
        var note: String?
        if let last = fetched.lastPage {
            note =
                feedsOnly
                ? "the outlets' feeds hold only their latest articles, one page; there is no page \(fetched.number)"
                : "CryptoCompare has no page \(fetched.number) of this news; it ends at page \(last)"
        } else if feedsOnly, before != nil {
            note = "the outlets' feeds hold only their latest articles; these are the ones among them published before that date"
        }
        guard let note else { return }
        let advice = feedsOnly ? " (with a CryptoCompare key, --page and --before reach further back)" : ""
        context.printError(StyledText("note: \(note)\(advice)", style: .secondary))
    }

    /// `news --categories`: the categories, then the outlets (key and name), as text or JSON.
    func printDirectory(of source: any NewsSource, context: Context) async throws -> ExitCode {
        let directory = try await source.directory()
        for problem in directory.problems { context.printError(StyledText("warning: \(Sanitizer.singleLine(problem))", style: .warning)) }
        if json {
            struct Item: Encodable {
                struct Outlet: Encodable {
                    let key: String
                    let name: String
                }
                let categories: [String]
                let outlets: [Outlet]
            }
            let item = Item(
                categories: directory.categories.map(Sanitizer.singleLine),
                outlets: directory.outlets.map { Item.Outlet(key: Sanitizer.singleLine($0.key), name: Sanitizer.singleLine($0.name)) })
            try context.printRaw(try JSONOutput.encode(item))
            return .success
        }
        var lines = [StyledText("Categories (--category):", style: .bold)]
        lines += directory.categories.map { StyledText("  " + Sanitizer.singleLine($0)) }
        lines.append(StyledText(""))
        lines.append(StyledText("Outlets (--outlet):", style: .bold))
        let width = (directory.outlets.map { Sanitizer.singleLine($0.key).count }.max() ?? 0) + 2
        lines += directory.outlets.map { outlet in
            let key = Sanitizer.singleLine(outlet.key)
            let name = Sanitizer.singleLine(outlet.name)
            return name == key
                ? StyledText("  " + key)
                : StyledText("  " + key.padding(toLength: width, withPad: " ", startingAt: 0)) + StyledText(name, style: .secondary)
        }
        lines.append(StyledText("From \(Sanitizer.singleLine(directory.attribution))", style: .secondary))
        try context.print(lines)
        return .success
    }
}
