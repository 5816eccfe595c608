import Foundation

/// A coin the user follows: a favourite, a holding, or both.
public struct FollowedCoin: Sendable, Equatable {
    /// The ticker, upper case.
    public var symbol: String
    /// The coin's name, when a source knows it (matching uses it as well as the ticker).
    public var name: String?
    /// Whether the user holds it (a line in the holdings file).
    public var isHeld: Bool

    /// Creates a followed coin; `symbol` is upper-cased.
    public init(symbol: String, name: String? = nil, isHeld: Bool) {
        self.symbol = symbol.trimmingCharacters(in: .whitespaces).uppercased()
        self.name = name
        self.isHeld = isHeld
    }

    /// The favourites and holdings as one list without repeats: holdings first (in the file's
    /// order), then the favourites not held.
    public static func merging(favorites: [String], held: [String]) -> [FollowedCoin] {
        var seen: Set<String> = []
        var coins: [FollowedCoin] = []
        for (symbol, isHeld) in held.map({ ($0, true) }) + favorites.map({ ($0, false) }) {
            let coin = FollowedCoin(symbol: symbol, isHeld: isHeld)
            guard !coin.symbol.isEmpty, seen.insert(coin.symbol).inserted else { continue }
            coins.append(coin)
        }
        return coins
    }
}

/// An article with the user's coins it is about.
public struct FollowedArticle: Sendable, Equatable {
    /// The article.
    public var article: NewsArticle
    /// The tickers of the followed coins it is about, in the order of the followed list.
    public var coins: [String]
    /// Whether one of them is held.
    public var isAboutHeldCoin: Bool

    /// Creates a matched article.
    public init(article: NewsArticle, coins: [String], isAboutHeldCoin: Bool) {
        self.article = article
        self.coins = coins
        self.isAboutHeldCoin = isAboutHeldCoin
    }
}

/// News ranked for the coins a user follows (issue 14): newer first, but an article about several
/// of the user's coins, or about a held coin, rises.
///
/// The rule is a head start in time, so it stays predictable: an article counts as published
/// `boost` (two hours) later for each followed coin it is about beyond the first, and once more
/// when one of them is held. So an article about BTC and ETH from two hours ago sits with this
/// moment's about one of them, while news of the morning still outranks last night's, whatever it
/// is about: a held coin lifts its news, it does not bury the rest. Ties keep the
/// input order (the source's, newest first). Articles about none of the coins are left out:
/// a source's own filter (CryptoCompare's categories) can be wider than the matcher's rule, and
/// a line that cannot say which of the user's coins it is about has no place in this list.
public enum FollowedNews {
    /// The head start per extra coin and for a held coin.
    public static let boost: TimeInterval = 2 * 3600

    /// The followed coins each article is about (`CoinMatcher`'s rule), articles about none dropped,
    /// in the source's order.
    ///
    /// With a single followed coin the source was asked about that coin alone, and an outlet's
    /// own feed for it (Cointelegraph's tag feed) is about it by definition even where the text
    /// never names it: such an article is kept, as about that coin.
    public static func match(_ articles: [NewsArticle], following coins: [FollowedCoin]) -> [FollowedArticle] {
        let matchers = coins.map { (coin: $0, matcher: CoinMatcher(symbol: $0.symbol, name: $0.name ?? "")) }
        return articles.compactMap { article in
            var about = matchers.filter { $0.matcher.matches(article) }.map(\.coin)
            if about.isEmpty, coins.count == 1 { about = coins }
            guard !about.isEmpty else { return nil }
            return FollowedArticle(article: article, coins: about.map(\.symbol), isAboutHeldCoin: about.contains(where: \.isHeld))
        }
    }

    /// `articles` ranked: by publication time plus the head start, latest first; undated last.
    public static func rank(_ articles: [FollowedArticle]) -> [FollowedArticle] {
        articles.enumerated()
            .map { (offset: $0.offset, item: $0.element, score: score($0.element)) }
            .sorted { ($0.score, $1.offset) > ($1.score, $0.offset) }
            .map(\.item)
    }

    /// The time an article ranks at; an undated one ranks below every dated one, boosts or not.
    static func score(_ item: FollowedArticle) -> TimeInterval {
        guard item.article.isDated else { return -Double.greatestFiniteMagnitude }
        let extra = Double(max(item.coins.count - 1, 0)) + (item.isAboutHeldCoin ? 1 : 0)
        return item.article.publishedOn.timeIntervalSince1970 + extra * boost
    }
}
