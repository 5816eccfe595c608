import Foundation

/// `news --for-you`: ranks candidate articles by what the reader's own marks say they like.
///
/// As the shelf app this grew from ranked its recommendations: first by the reader's average
/// rating of what an article is like (each of its categories and tags, its outlet, its coins: the
/// best of them counts), ties broken by how many articles of that kind the reader has read; then
/// the coins the reader follows (held before favourite), then newer first. Pure: the archive
/// supplies the history, the store the followed coins.
public struct ForYouRanking: Sendable {
    /// What an article can be like: one of its traits.
    public enum Trait: Hashable, Sendable {
        /// A category or tag, upper-cased.
        case category(String)
        /// The outlet, as named.
        case outlet(String)
        /// A coin's ticker.
        case coin(String)

        /// How a reason names it: "DeFi", "CoinDesk", "ETH".
        var name: String {
            switch self {
            case .category(let name), .outlet(let name), .coin(let name): name
            }
        }
    }

    /// One recommendation: the article, its score's parts and why.
    public struct Pick: Sendable, Equatable {
        /// The article.
        public var article: ArchivedArticle
        /// The best average rating among its traits (nil when none is rated).
        public var averageRating: Double?
        /// How many read articles share that trait (or its most-read one).
        public var readCount: Int
        /// The followed coin it is about, if any, and whether it is held.
        public var followedCoin: (symbol: String, held: Bool)?
        /// The reasons, in words: "you rate DeFi 4.6 on average", "about ETH, which you hold".
        public var why: [String]

        /// Equal when every part is.
        public static func == (lhs: Pick, rhs: Pick) -> Bool {
            lhs.article == rhs.article && lhs.averageRating == rhs.averageRating && lhs.readCount == rhs.readCount
                && lhs.followedCoin?.symbol == rhs.followedCoin?.symbol && lhs.followedCoin?.held == rhs.followedCoin?.held && lhs.why == rhs.why
        }
    }

    private var ratings: [Trait: (sum: Int, count: Int)] = [:]
    private var reads: [Trait: Int] = [:]
    /// Original spellings of categories, for reasons ("DeFi", not "DEFI").
    private var spelling: [Trait: String] = [:]

    /// Whether the history holds any rating at all.
    public private(set) var hasRatings = false

    /// Learns from `history`: the reader's read and rated articles.
    public init(history: [ArchivedArticle]) {
        for record in history {
            for trait in Self.traits(of: record) {
                if record.isRead { reads[trait, default: 0] += 1 }
                if let rating = record.rating {
                    hasRatings = true
                    let current = ratings[trait] ?? (0, 0)
                    ratings[trait] = (current.sum + rating, current.count + 1)
                }
            }
            for name in record.article.categories + record.article.tags { spelling[.category(name.uppercased())] = name }
        }
    }

    /// The traits of `record`: its categories and tags, outlet and coins, each once.
    static func traits(of record: ArchivedArticle) -> [Trait] {
        var seen = Set<Trait>()
        let all =
            (record.article.categories + record.article.tags).map { Trait.category($0.uppercased()) } + [.outlet(record.article.source)]
            + record.coins.map { Trait.coin($0.uppercased()) }
        return all.filter { !($0.name.isEmpty) && seen.insert($0).inserted }
    }

    /// `candidates` ranked, each with why; `followed` maps a ticker to whether it is held.
    public func rank(_ candidates: [ArchivedArticle], followed: [String: Bool]) -> [Pick] {
        let picks = candidates.map { pick($0, followed: followed) }
        return picks.sorted { lhs, rhs in
            if lhs.averageRating != rhs.averageRating { return (lhs.averageRating ?? 0) > (rhs.averageRating ?? 0) }
            if lhs.readCount != rhs.readCount { return lhs.readCount > rhs.readCount }
            let left = lhs.followedCoin.map { $0.held ? 2 : 1 } ?? 0
            let right = rhs.followedCoin.map { $0.held ? 2 : 1 } ?? 0
            if left != right { return left > right }
            return lhs.article.article.publishedOn > rhs.article.article.publishedOn
        }
    }

    private func pick(_ record: ArchivedArticle, followed: [String: Bool]) -> Pick {
        let traits = Self.traits(of: record)
        var why: [String] = []
        // The best-rated trait, ties to the most read one.
        let rated = traits.compactMap { trait in ratings[trait].map { (trait, Double($0.sum) / Double($0.count), reads[trait] ?? 0) } }
        let best = rated.max { ($0.1, $0.2) < ($1.1, $1.2) }
        if let best {
            why.append("you rate \(display(best.0)) \(String(format: "%.1f", best.1)) on average")
        }
        let mostRead = traits.max { (reads[$0] ?? 0) < (reads[$1] ?? 0) }
        let readCount = best.map { $0.2 } ?? mostRead.map { reads[$0] ?? 0 } ?? 0
        if best == nil, let mostRead, readCount > 0 {
            why.append("you read \(readCount) article\(readCount == 1 ? "" : "s") on \(display(mostRead))")
        }
        let coin = record.coins.map { $0.uppercased() }.first { followed[$0] != nil }.map { ($0, followed[$0] ?? false) }
        if let coin { why.append("about \(coin.0), which you \(coin.1 ? "hold" : "follow")") }
        return Pick(article: record, averageRating: best?.1, readCount: readCount, followedCoin: coin, why: why)
    }

    /// A trait as a reader would name it.
    private func display(_ trait: Trait) -> String {
        spelling[trait] ?? trait.name
    }
}
