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
        apply(to: articles, article: { $0 }, using: &generator)
    }

    /// `items` in this order of the article each holds (see `apply(to:using:)`), for lists that
    /// carry more than the article, such as the coins of yours it is about.
    public func apply<Item>(to items: [Item], article: (Item) -> NewsArticle, using generator: inout some RandomNumberGenerator) -> [Item] {
        let indexed = items.enumerated().map { (offset: $0.offset, item: $0.element, article: article($0.element)) }
        switch self {
        case .latest:
            return indexed.sorted { ($0.article.publishedOn, $1.offset) > ($1.article.publishedOn, $0.offset) }.map(\.item)
        case .oldest:
            // An article without a date (a feed item whose date did not parse) goes last either
            // way: it is not the oldest, it is unknown.
            return indexed.sorted { a, b in
                (a.article.isDated ? 0 : 1, a.article.publishedOn, a.offset) < (b.article.isDated ? 0 : 1, b.article.publishedOn, b.offset)
            }.map(\.item)
        case .random:
            return items.shuffled(using: &generator)
        }
    }
}
