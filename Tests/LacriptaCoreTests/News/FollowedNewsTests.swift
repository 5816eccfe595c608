import Foundation
import Testing

@testable import LacriptaCore

/// `news --following`: which of the user's coins an article is about, and the order they are shown in.
@Suite("Followed news: matching and ranking")
struct FollowedNewsTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let following = [
        FollowedCoin(symbol: "ETH", name: "Ethereum", isHeld: true),
        FollowedCoin(symbol: "btc", name: "Bitcoin", isHeld: false),
        FollowedCoin(symbol: "ADA", name: "Cardano", isHeld: false),
    ]

    private func article(_ id: String, title: String, hoursAgo: Double?, categories: [String] = []) -> NewsArticle {
        NewsArticle(
            id: id, title: title, url: "https://example.com/\(id)", body: "",
            publishedOn: hoursAgo.map { now.addingTimeInterval(-$0 * 3600) } ?? NewsArticle.undated, source: "S",
            categories: categories, tags: [])
    }

    private func ranked(_ articles: [NewsArticle]) -> [String] {
        FollowedNews.rank(FollowedNews.match(articles, following: following)).map(\.article.id)
    }

    @Test("each article names the followed coins it is about, in the order followed; one about none is left out")
    func matching() {
        let articles = [
            article("both", title: "Bitcoin and Ethereum slide together", hoursAgo: 1),
            article("cat", title: "Markets wrap", hoursAgo: 2, categories: ["ADA", "TRADING"]),
            article("none", title: "Solana DEX volume climbs; one more thing about regulation", hoursAgo: 0.5),
            article("lower", title: "a bitcoin-style ledger for ethan", hoursAgo: 0.2),
        ]
        let matched = FollowedNews.match(articles, following: following)
        #expect(matched.map(\.article.id) == ["both", "cat"])
        #expect(matched.map(\.coins) == [["ETH", "BTC"], ["ADA"]])
        #expect(matched.map(\.isAboutHeldCoin) == [true, false])
    }

    @Test("with one followed coin, what the source sent for it is about it, named in the text or not")
    func singleCoin() {
        let only = [FollowedCoin(symbol: "ETH", name: "Ethereum", isHeld: false)]
        let tagFeed = article("tag", title: "Vitalik proposes a gas limit change", hoursAgo: 1)
        #expect(FollowedNews.match([tagFeed], following: only).map(\.coins) == [["ETH"]])
        #expect(FollowedNews.match([tagFeed], following: following).isEmpty)
    }

    @Test("newer first when nothing else differs; ties keep the source's order")
    func newerFirst() {
        let articles = [
            article("old", title: "Cardano upgrade", hoursAgo: 5), article("new", title: "Cardano fees", hoursAgo: 1),
            article("tie1", title: "ADA rallies", hoursAgo: 3), article("tie2", title: "ADA dips", hoursAgo: 3),
        ]
        #expect(ranked(articles) == ["new", "tie1", "tie2", "old"])
    }

    @Test("an article about several of your coins rises above a slightly newer one about one")
    func severalCoinsRise() {
        let articles = [
            article("one", title: "Cardano fees", hoursAgo: 1),
            article("two", title: "Bitcoin and Cardano", hoursAgo: 2.5),
            article("three", title: "BTC, ADA and Cardano's rival Ethereum", hoursAgo: 4.5),
        ]
        // "three" is about all three coins, one of them held: 2 + 1 head starts of two hours.
        #expect(ranked(articles) == ["three", "two", "one"])
    }

    @Test("an article about a held coin rises above a slightly newer one about a favourite")
    func heldRises() {
        let articles = [article("fav", title: "Bitcoin holds", hoursAgo: 1), article("held", title: "Ethereum upgrade", hoursAgo: 2.5)]
        #expect(ranked(articles) == ["held", "fav"])
        // The head start is bounded: news of this morning still beats last night's about a held coin.
        let later = [article("fav", title: "Bitcoin holds", hoursAgo: 1), article("held", title: "Ethereum upgrade", hoursAgo: 12)]
        #expect(ranked(later) == ["fav", "held"])
    }

    @Test("undated articles come last, whatever they are about")
    func undatedLast() {
        let articles = [
            article("undated", title: "Bitcoin, Ethereum and Cardano", hoursAgo: nil), article("week", title: "Cardano", hoursAgo: 24 * 7),
        ]
        #expect(ranked(articles) == ["week", "undated"])
    }

    @Test("favourites and holdings merge into one list: holdings first, no repeats, tickers upper-cased")
    func merging() {
        let coins = FollowedCoin.merging(favorites: ["btc", "ETH", "sol", "BTC"], held: ["eth", "ada"])
        #expect(coins.map(\.symbol) == ["ETH", "ADA", "BTC", "SOL"])
        #expect(coins.map(\.isHeld) == [true, true, false, false])
        #expect(FollowedCoin.merging(favorites: [], held: []).isEmpty)
    }

    @Test("--sort applies to the matched list and keeps each article's coins")
    func sortKeepsCoins() {
        var rng = SplitMix64(seed: 1)
        let matched = FollowedNews.match(
            [article("a", title: "Bitcoin", hoursAgo: 1), article("b", title: "Ethereum", hoursAgo: 3)], following: following)
        let oldest = NewsOrder.oldest.apply(to: matched, article: \.article, using: &rng)
        #expect(oldest.map(\.article.id) == ["b", "a"])
        #expect(oldest.map(\.coins) == [["ETH"], ["BTC"]])
    }
}

/// What `--category`, `--before` and `--outlet` keep.
@Suite("News query filters")
struct NewsQueryTests {
    private func article(categories: [String] = [], tags: [String] = [], at seconds: Double = 1000) -> NewsArticle {
        NewsArticle(
            id: "1", title: "t", url: "", body: "", publishedOn: Date(timeIntervalSince1970: seconds), source: "S", categories: categories,
            tags: tags)
    }

    @Test("a category matches a category or a tag, in any case; no category keeps everything")
    func category() {
        let query = NewsQuery(category: "regulation")
        #expect(query.hasCategory(article(categories: ["BTC", "REGULATION"])))
        #expect(query.hasCategory(article(tags: ["Regulation"])))
        #expect(!query.hasCategory(article(categories: ["Regulations"])))
        #expect(NewsQuery().hasCategory(article()))
    }

    @Test("before is strict, and an undated article is never before anything")
    func before() {
        let query = NewsQuery(before: Date(timeIntervalSince1970: 1000))
        #expect(query.isBefore(article(at: 999)))
        #expect(!query.isBefore(article(at: 1000)))
        #expect(!query.isBefore(article(at: 0)))
    }

    @Test("an outlet is named by its key or name in any case, dots and spaces aside; a prefix only when allowed")
    func outletNames() {
        let outlet = NewsOutlet(key: "bitcoin.com", name: "Bitcoin.com")
        #expect(outlet.isNamed("Bitcoin com") && outlet.isNamed("BITCOIN.COM") && !outlet.isNamed("bitcoin"))
        let feed = NewsOutlet(key: "Cointelegraph.com News", name: "Cointelegraph.com News")
        #expect(!feed.isNamed("cointelegraph"))
        #expect(feed.isNamed("cointelegraph", allowingPrefix: true))
        #expect(!feed.isNamed("coi", allowingPrefix: true))
        #expect(!feed.isNamed("  ", allowingPrefix: true))
    }
}
