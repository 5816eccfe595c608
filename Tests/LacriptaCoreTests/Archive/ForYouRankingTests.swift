import Foundation
import Testing

@testable import LacriptaCore

/// `news --for-you` on hand-made ratings: average rating of an article's kind first, then how
/// much of that kind was read, then followed coins, then newer first; each pick says why.
@Suite("For-you ranking")
struct ForYouRankingTests {
    private static let now = Date(timeIntervalSince1970: 1_790_000_000)

    private static func record(
        _ ref: String, categories: [String] = [], outlet: String? = nil, coins: [String] = [], read: Bool = false, rating: Int? = nil,
        age: TimeInterval = 0
    ) -> ArchivedArticle {
        let article = NewsArticle(
            id: ref, title: ref, url: "https://example.com/\(ref)", body: "", publishedOn: now - age, source: outlet ?? "Outlet \(ref)",
            categories: categories, tags: [])
        return ArchivedArticle(
            ref: ref, article: article, source: "feeds", coins: coins, firstSeen: now, readAt: read || rating != nil ? now : nil, savedAt: nil,
            rating: rating, isNew: false)
    }

    @Test("the kind rated highest on average comes first, and says so")
    func averageRatingFirst() {
        let history = [
            Self.record("h1", categories: ["DeFi"], rating: 5), Self.record("h2", categories: ["DeFi"], rating: 4),
            Self.record("h3", categories: ["Regulation"], rating: 2), Self.record("h4", outlet: "Decrypt", rating: 3),
        ]
        let ranking = ForYouRanking(history: history)
        let picks = ranking.rank(
            [
                Self.record("regulation", categories: ["Regulation"]), Self.record("defi", categories: ["DEFI"], outlet: "The Block"),
                Self.record("decrypt", outlet: "Decrypt"), Self.record("other", outlet: "Nobody"),
            ], followed: [:])
        #expect(picks.map(\.article.ref) == ["defi", "decrypt", "regulation", "other"])
        #expect(picks[0].why == ["you rate DeFi 4.5 on average"])
        #expect(picks[3].why.isEmpty)
        #expect(ranking.hasRatings)
    }

    @Test("equal averages: the kind read more often wins")
    func readCountBreaksTies() {
        let history = [
            Self.record("a", categories: ["Mining"], rating: 4), Self.record("b", categories: ["Mining"], read: true),
            Self.record("c", categories: ["Mining"], read: true), Self.record("d", categories: ["NFT"], rating: 4),
        ]
        let picks = ForYouRanking(history: history).rank(
            [Self.record("nft", categories: ["NFT"]), Self.record("mining", categories: ["Mining"])], followed: [:])
        #expect(picks.map(\.article.ref) == ["mining", "nft"])
        #expect(picks.map(\.readCount) == [3, 1])
    }

    @Test("nothing rated: followed coins (held first) and the most read kinds lead, newest next")
    func fallbackWithoutRatings() {
        let history = [Self.record("r1", outlet: "Decrypt", read: true), Self.record("r2", outlet: "Decrypt", read: true)]
        let ranking = ForYouRanking(history: history)
        #expect(!ranking.hasRatings)
        let picks = ranking.rank(
            [
                Self.record("new", outlet: "Nobody", age: 0), Self.record("eth", outlet: "Nobody", coins: ["ETH"], age: 60),
                Self.record("btc", outlet: "Nobody", coins: ["BTC"], age: 120), Self.record("decrypt", outlet: "Decrypt", age: 180),
            ], followed: ["BTC": true, "ETH": false])
        #expect(picks.map(\.article.ref) == ["decrypt", "btc", "eth", "new"])
        #expect(picks[0].why == ["you read 2 articles on Decrypt"])
        #expect(picks[1].why == ["about BTC, which you hold"])
        #expect(picks[2].why == ["about ETH, which you follow"])
    }
}
