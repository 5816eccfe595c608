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
    /// The byline (RSS `dc:creator`, Atom `author`), when the feed names one.
    public var author: String?

    /// The `publishedOn` of an article whose source gave no usable date: the Unix epoch, as the
    /// CryptoCompare decoder already uses for a missing `published_on`, so undated articles sort
    /// after every dated one and every view shows them as long ago. Check `isDated` to say so.
    public static let undated = Date(timeIntervalSince1970: 0)

    /// Whether the source gave a publication date (see `undated`).
    public var isDated: Bool { publishedOn > Self.undated }

    /// Creates an article.
    public init(
        id: String, title: String, url: String, body: String, publishedOn: Date, source: String,
        categories: [String], tags: [String], upvotes: Int? = nil, author: String? = nil
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
        self.author = author
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
