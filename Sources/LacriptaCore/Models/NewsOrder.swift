/// How a news list is ordered. The service returns latest first; the rest happens here.
public enum NewsOrder: String, Sendable, CaseIterable {
    /// Newest first.
    case latest
    /// Oldest first.
    case oldest
    /// Shuffled; reproducible with a seed.
    case random

    /// The next order in the interactive view's cycle.
    public var next: NewsOrder {
        switch self {
        case .latest: .oldest
        case .oldest: .random
        case .random: .latest
        }
    }

    /// `articles` in this order. Ties on the publication time keep the service's order, so the
    /// result is stable; undated articles come last in both orders. `random` shuffles with
    /// `generator`.
    public func apply(to articles: [NewsArticle], using generator: inout some RandomNumberGenerator) -> [NewsArticle] {
        let indexed = Array(articles.enumerated())
        switch self {
        case .latest:
            return indexed.sorted { ($0.element.publishedOn, $1.offset) > ($1.element.publishedOn, $0.offset) }.map(\.element)
        case .oldest:
            // An article without a date (a feed item whose date did not parse) goes last either
            // way: it is not the oldest, it is unknown.
            return indexed.sorted { a, b in
                (a.element.isDated ? 0 : 1, a.element.publishedOn, a.offset) < (b.element.isDated ? 0 : 1, b.element.publishedOn, b.offset)
            }.map(\.element)
        case .random:
            return articles.shuffled(using: &generator)
        }
    }
}
