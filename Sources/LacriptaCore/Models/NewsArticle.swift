import Foundation

/// A news article as lacripta shows it. Text fields are raw from the service: the presentation
/// layer decodes HTML entities and sanitises them before display.
public struct NewsArticle: Sendable, Equatable {
    /// The service's article id.
    public var id: String
    /// Headline.
    public var title: String
    /// Link to the full article.
    public var url: String
    /// A truncated excerpt of the body.
    public var body: String
    /// When it was published.
    public var publishedOn: Date
    /// The display name of the source (e.g. "CoinDesk"), falling back to the feed key.
    public var source: String
    /// Categories, e.g. ["ETH", "BTC", "TRADING"].
    public var categories: [String]
    /// Free-form tags; empty when the service sent `""`.
    public var tags: [String]
    /// Up-votes, when given.
    public var upvotes: Int?

    /// Creates an article.
    public init(
        id: String, title: String, url: String, body: String, publishedOn: Date, source: String,
        categories: [String], tags: [String], upvotes: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.body = body
        self.publishedOn = publishedOn
        self.source = source
        self.categories = categories
        self.tags = tags
        self.upvotes = upvotes
    }
}

/// A news category and the words the service associates with it (ETH → Ethereum, Vitalik, …).
public struct NewsCategory: Sendable, Equatable {
    /// The category name, e.g. ETH.
    public var name: String
    /// Words that map to it, e.g. ["ETH", "Ethereum", "ethereum"].
    public var words: [String]

    /// Creates a category.
    public init(name: String, words: [String]) {
        self.name = name
        self.words = words
    }
}
