import Foundation

/// An article as the archive holds it: the article, its short id, and the reader's marks.
public struct ArchivedArticle: Sendable, Equatable {
    /// The short id lists show and `lacripta article` takes.
    public var ref: String
    /// The article as fetched (text stored as received; sanitised on the way out).
    public var article: NewsArticle
    /// Which source it came from: `cryptocompare` or `feeds`.
    public var source: String
    /// The coins (tickers) it is known to be about.
    public var coins: [String]
    /// When lacripta first fetched it.
    public var firstSeen: Date
    /// When the reader read it (showed it or marked it), nil while unread.
    public var readAt: Date?
    /// When the reader saved it; saved articles are kept for ever.
    public var savedAt: Date?
    /// The reader's rating, 1 to 5.
    public var rating: Int?
    /// Whether it arrived after the reader last looked at a list.
    public var isNew: Bool

    /// Creates an archived article (the archive makes them; tests and views may too).
    public init(
        ref: String, article: NewsArticle, source: String, coins: [String], firstSeen: Date, readAt: Date?, savedAt: Date?, rating: Int?,
        isNew: Bool
    ) {
        self.ref = ref
        self.article = article
        self.source = source
        self.coins = coins
        self.firstSeen = firstSeen
        self.readAt = readAt
        self.savedAt = savedAt
        self.rating = rating
        self.isNew = isNew
    }

    /// Whether it has been read.
    public var isRead: Bool { readAt != nil }
    /// Whether it is saved.
    public var isSaved: Bool { savedAt != nil }
}

/// Where the articles to store came from, as the archive records it.
public enum ArchiveSource: String, Sendable {
    /// CryptoCompare's news API.
    case cryptoCompare = "cryptocompare"
    /// The outlets' RSS and Atom feeds.
    case feeds
}

/// What an archive list is narrowed to: the reader's marks and the same filters `news` takes.
public struct ArchiveFilter: Sendable, Equatable {
    /// Only saved articles.
    public var saved = false
    /// Only unread articles.
    public var unread = false
    /// Only articles read and not yet rated.
    public var toRate = false
    /// Only articles about this ticker.
    public var coin: String?
    /// Only this outlet's articles (compared without case or spaces).
    public var outlet: String?
    /// Only articles with this category or tag (without case).
    public var category: String?
    /// Only articles published before this time.
    public var before: Date?

    /// A filter that keeps everything.
    public init() {}
}
