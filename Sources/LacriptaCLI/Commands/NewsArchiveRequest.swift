import Foundation
import LacriptaCore

/// What `news` asks of the archive: `--unread` narrows any list; `--saved`, `--to-rate` and
/// `--search` answer from the archive alone, with no network.
struct NewsArchiveRequest: Sendable, Equatable {
    /// `--unread`: only unread articles.
    var unread = false
    /// `--saved`: only saved articles.
    var saved = false
    /// `--to-rate`: only articles read and not yet rated.
    var toRate = false
    /// `--search TEXT`.
    var search: String?
    /// `--for-you`: the fetched news ranked by the reader's ratings and reading.
    var forYou = false

    /// Whether the answer comes from the archive alone.
    var isOffline: Bool { saved || toRate || search != nil }

    /// The options this adds to `news`.
    static let options: [OptionSpec] = [
        .flag("unread", help: "only articles you have not read"),
        .flag("saved", help: "the articles you saved, from the archive (no network)"),
        .flag("to-rate", help: "articles you read and have not rated yet, from the archive (no network)"),
        .option("search", value: "TEXT", help: "full-text search of the archive: every word of TEXT, best match first (no network)"),
        .flag("for-you", help: "the news ranked by what you rated and read, and the coins you follow; each says why"),
    ]

    /// Reads the options from `arguments`, refusing the combinations that mean nothing.
    init(_ arguments: ParsedArguments) throws {
        unread = arguments.has("unread")
        saved = arguments.has("saved")
        toRate = arguments.has("to-rate")
        forYou = arguments.has("for-you")
        if forYou, let other = ["following", "sort", "seed", "saved", "to-rate", "search"].first(where: arguments.has) {
            throw ParseError.conflict("--for-you ranks the news itself; it takes no --\(other)")
        }
        if let text = arguments.string("search") {
            guard FTSQuery.match(for: text) != nil else {
                throw ParseError.invalidValue(option: "search", value: text, expected: "a word to look for")
            }
            search = text
        }
        guard isOffline else { return }
        let online = ["following", "page", "categories", "sort", "seed"].filter(arguments.has)
        if let first = online.first {
            let asked = search != nil ? "--search" : saved ? "--saved" : "--to-rate"
            throw ParseError.conflict("\(asked) reads the archive; it takes no --\(first)")
        }
    }

    /// The archive filter for this request and `news`'s own filters.
    func filter(coin: String?, outlet: String?, category: String?, before: Date?) -> ArchiveFilter {
        var filter = ArchiveFilter()
        filter.unread = unread
        filter.saved = saved
        filter.toRate = toRate
        filter.coin = coin?.trimmingCharacters(in: .whitespaces).uppercased()
        filter.outlet = outlet
        filter.category = category
        filter.before = before
        return filter
    }
}
