import Foundation

/// What a news command asks a `NewsSource` for: the coins, a category, an outlet, and how far back.
///
/// Each source does what its service can and the rest on the client: CryptoCompare takes the
/// coins (or, without coins, the category) as `categories`, the outlet as `feeds` and `before` as
/// `lTs`; the outlets' feeds can only be read whole, so there every filter is applied to what the
/// feeds hold.
public struct NewsQuery: Sendable, Equatable {
    /// The coins the articles must be about (any of them); empty for everybody's news.
    public var topics: [NewsTopic]
    /// A category (CryptoCompare's `TRADING`, `REGULATION`; a feed's own category or tag) the
    /// articles must carry, compared case-insensitively.
    public var category: String?
    /// The outlet the articles must come from (CryptoCompare's feed key or name; a configured
    /// feed's name), compared case-insensitively.
    public var outlet: String?
    /// Only articles published strictly before this time (the service's paging cursor).
    public var before: Date?

    /// Creates a query; the defaults ask for the latest news of all coins.
    public init(topics: [NewsTopic] = [], category: String? = nil, outlet: String? = nil, before: Date? = nil) {
        self.topics = topics
        self.category = category
        self.outlet = outlet
        self.before = before
    }

    /// Whether `article` carries `category` among its categories or tags (true without one).
    public func hasCategory(_ article: NewsArticle) -> Bool {
        guard let category = category?.trimmingCharacters(in: .whitespaces), !category.isEmpty else { return true }
        return (article.categories + article.tags).contains {
            $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(category) == .orderedSame
        }
    }

    /// Whether `article` was published before `before` (true without one). An undated article is
    /// never before anything: its place in time is unknown.
    public func isBefore(_ article: NewsArticle) -> Bool {
        guard let before else { return true }
        return article.isDated && article.publishedOn < before
    }
}

/// The categories and outlets a news source offers, for `lacripta news --categories`.
public struct NewsDirectory: Sendable, Equatable {
    /// Category names, as the source spells them.
    public var categories: [String]
    /// The outlets: a key `--outlet` takes and a display name.
    public var outlets: [NewsOutlet]
    /// Where the list comes from ("CryptoCompare", "the feeds of CoinDesk, Decrypt").
    public var attribution: String
    /// One line per part that failed while others answered.
    public var problems: [String]

    /// Creates a directory.
    public init(categories: [String], outlets: [NewsOutlet], attribution: String, problems: [String] = []) {
        self.categories = categories
        self.outlets = outlets
        self.attribution = attribution
        self.problems = problems
    }
}

/// A news outlet as a source names it: CryptoCompare's feed `key` ("coindesk") and name ("CoinDesk").
public struct NewsOutlet: Sendable, Equatable {
    /// What `--outlet` takes and the service's `feeds` parameter expects.
    public var key: String
    /// The outlet's display name.
    public var name: String

    /// Creates an outlet.
    public init(key: String, name: String) {
        self.key = key
        self.name = name
    }

    /// Whether `text` names this outlet: its key or its name, in any case, spaces and dots not
    /// counting ("coindesk", "CoinDesk", "bitcoin.com", "Bitcoin com"). With `allowingPrefix`, also
    /// the start of its name, four letters or more, as feeds title themselves at length
    /// ("cointelegraph" for "Cointelegraph.com News"); callers try the whole name first.
    public func isNamed(_ text: String, allowingPrefix: Bool = false) -> Bool {
        let wanted = Self.folded(text)
        guard !wanted.isEmpty else { return false }
        if Self.folded(key) == wanted || Self.folded(name) == wanted { return true }
        return allowingPrefix && wanted.count >= 4 && Self.folded(name).hasPrefix(wanted)
    }

    private static func folded(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
