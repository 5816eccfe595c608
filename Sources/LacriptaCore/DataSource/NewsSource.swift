import Foundation

/// Where news comes from: the seam between the commands and a news service. CryptoCompare's
/// news API (keyed) and the outlets' RSS/Atom feeds (keyless) stand behind it.
public protocol NewsSource: Sendable {
    /// The coin `input` names (a ticker or a name, in any case), or nil when this source cannot
    /// tell; `knownCoins` (a toplist on screen) are consulted before anything is fetched.
    func topic(for input: String, knownCoins: [Coin]) async throws -> NewsTopic?
    /// The latest articles `query` asks for (before `query.before` when set).
    func news(_ query: NewsQuery) async throws -> NewsBatch
    /// The categories and outlets `NewsQuery.category` and `NewsQuery.outlet` can name.
    func directory() async throws -> NewsDirectory
}

extension NewsSource {
    /// The latest articles about `topic`, or about everything when nil.
    public func news(about topic: NewsTopic?) async throws -> NewsBatch {
        try await news(NewsQuery(topics: topic.map { [$0] } ?? []))
    }
}

/// A coin news is asked for, as a source resolved it.
public struct NewsTopic: Sendable, Equatable {
    /// The ticker, upper case ("ETH").
    public var symbol: String
    /// The coin's name ("Ethereum"), when the source knows it.
    public var name: String?
    /// A remark on how it was chosen, for stderr: "ETH also names 2 smaller coins; …".
    public var note: String?

    /// Creates a topic.
    public init(symbol: String, name: String? = nil, note: String? = nil) {
        self.symbol = symbol
        self.name = name
        self.note = note
    }

    /// How lists and titles name it: "Ethereum (ETH)", or the ticker alone.
    public var label: String { name.map { "\($0) (\(symbol))" } ?? symbol }
}

/// One answer of a news source: the articles, who supplied them, and what went wrong on the way.
public struct NewsBatch: Sendable {
    /// The articles, newest first, duplicates removed.
    public var articles: [NewsArticle]
    /// Who supplied them, as outputs name them ("CryptoCompare"; "CoinDesk, Decrypt").
    public var attribution: String
    /// When they were fetched (the oldest part, when some came from the cache).
    public var fetchedAt: Date
    /// Set when the articles are cached data standing in for failed requests.
    public var offlineReason: LacriptaError?
    /// One line per part that failed while others answered ("The Block: cannot connect …").
    public var problems: [String]
    /// The cursor for the next older page: the oldest publication time the service sent (before
    /// any filtering on the client). Nil when the source cannot page back (the feeds hold only
    /// their latest articles) or sent nothing, so there is nothing older to ask for.
    public var olderPage: Date?

    /// Creates a batch.
    public init(
        articles: [NewsArticle], attribution: String, fetchedAt: Date, offlineReason: LacriptaError? = nil, problems: [String] = [],
        olderPage: Date? = nil
    ) {
        self.articles = articles
        self.olderPage = olderPage
        self.attribution = attribution
        self.fetchedAt = fetchedAt
        self.offlineReason = offlineReason
        self.problems = problems
    }
}
