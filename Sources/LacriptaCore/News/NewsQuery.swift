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
