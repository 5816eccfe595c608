import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The news screen as a reader's: the for-you list ranked from the reader's ratings and reads
/// with each line's reason, and `/` narrowing the list, then searching the whole archive when the
/// list has no match.
@Suite("Interactive news: for you and archive search")
struct NewsReadingModelTests {
    typealias F = InteractiveFixtures

    /// An archived article: unread and new unless said otherwise.
    private static func archived(_ article: NewsArticle, ref: String, rating: Int? = nil, coins: [String] = []) -> ArchivedArticle {
        ArchivedArticle(
            ref: ref, article: article, source: "feeds", coins: coins, firstSeen: F.now, readAt: rating == nil ? nil : F.now, savedAt: nil,
            rating: rating, isNew: rating == nil)
    }

    /// The news of C02 (five articles from Source 1…5), the reader's `history` given with it.
    private func model(history: [ArchivedArticle]?, favorites: [String] = []) -> InteractiveModel {
        var model = F.model()
        _ = model.handle(.yours(.storeLoaded(.success(StoreSnapshot(favorites: favorites, holdings: [])))), at: F.now)
        model.press(.down)
        _ = model.press(.enter)
        let articles = F.articles(5)
        let marks = articles.enumerated().map { Self.archived($1, ref: "k00\($0)", coins: $0 == 3 ? ["ETH"] : []) as ArchivedArticle? }
        let fetch = NewsFetch(articles: articles, fetchedAt: F.now, marks: marks, history: history)
        _ = model.handle(.newsLoaded(symbol: "C02", .success(fetch)), at: F.now)
        return model
    }

    /// An article the reader read and rated from `outlet`.
    private static func rated(_ stars: Int, outlet: String, ref: String) -> ArchivedArticle {
        let article = NewsArticle(
            id: ref, title: "Old \(ref)", url: "https://example.com/\(ref)", body: "", publishedOn: F.now.addingTimeInterval(-86_400),
            source: outlet, categories: [], tags: [])
        return archived(article, ref: ref, rating: stars)
    }

    @Test("u comes round to for you: the best-rated outlet first, each line saying why, then newest first")
    func forYou() {
        let history = [Self.rated(5, outlet: "Source 3", ref: "h1"), Self.rated(2, outlet: "Source 1", ref: "h2")]
        var model = model(history: [])
        model.press(.character("u"), .character("u"))
        // The list was fetched before these ratings: coming to for you reads the history again.
        #expect(model.press(.character("u")) == [.loadReadingHistory])
        _ = model.handle(.readingHistoryLoaded(history), at: F.now)
        #expect(model.notice == nil, "ratings exist: no note")
        let frame = model.plainFrame
        #expect(frame[0].contains("best first · for you"))
        #expect(frame[1].contains("Headline number 3"))
        #expect(frame[2].contains("you rate Source 3 5.0 on average"))
        #expect(frame[3].contains("Headline number 1"))
        #expect(frame[4].contains("you rate Source 1 2.0 on average"))
        #expect(frame[5].contains("Headline number 2"), "unrated kinds follow, newest first")
        // Enter reads the first recommendation; u goes back to every article in date order.
        #expect(model.press(.enter) == [.markArticle(ref: "k002", mark: .read(true))])
        model.press(.escape, .character("u"))
        #expect(model.plainFrame[1].contains("Headline number 1") && !model.plainFrame[0].contains("for you"))
    }

    @Test("with nothing rated, for you says so and follows the coins starred; without the archive it says why it is empty")
    func forYouWithoutRatings() {
        var model = model(history: [], favorites: ["ETH"])
        model.press(.character("u"), .character("u"), .character("u"))
        _ = model.handle(.readingHistoryLoaded([]), at: F.now)
        #expect(model.notice?.hasPrefix("Nothing rated yet") == true)
        #expect(model.plainFrame[1].contains("Headline number 4"))
        #expect(model.plainFrame[2].contains("about ETH, which you follow"))
        var bare = F.model()
        bare.press(.enter)
        _ = bare.handle(.newsLoaded(symbol: "C01", .success(NewsFetch(articles: F.articles(3), fetchedAt: F.now))), at: F.now)
        #expect(bare.press(.character("u"), .character("u"), .character("u")).isEmpty, "no archive, no history to read")
        #expect(bare.plainFrame.contains { $0.contains("Recommendations need the news archive") })
    }

    @Test("/ narrows the list to the titles holding every word; Enter keeps the filter, Esc clears it, the next Esc leaves")
    func filter() {
        var model = model(history: nil)
        model.press(.character("/"))
        #expect(model.isEditingText)
        model.type("number 4")
        #expect(model.plainFrame.filter { $0.contains("Headline number") } == ["1. • Headline number 4"])
        #expect(model.plainFrame.last?.contains("Search: number 4") == true)
        #expect(model.press(.enter).isEmpty, "a filter that finds something is kept, nothing searched")
        #expect(!model.isEditingText && model.plainFrame[0].contains("filter \"number 4\""))
        model.press(.escape)
        #expect(model.plainFrame.filter { $0.contains("Headline number") }.count == 5)
        guard case .news = model.page else { Issue.record("the first Esc only clears the filter"); return }
        model.press(.escape)
        #expect(model.page == .toplist)
    }

    @Test("Enter on a filter that finds nothing in the list searches the archive on a page of its own; Esc comes back")
    func archiveSearch() {
        var model = model(history: nil)
        model.press(.character("/"))
        model.type("halving")
        #expect(model.plainFrame.contains { $0.contains("No title here holds \"halving\": Enter searches the archive") })
        #expect(model.press(.enter) == [.searchArchive(query: "halving")])
        #expect(model.plainFrame.contains { $0.contains("Searching the archive") })
        #expect(model.plainFrame[0].contains("search \"halving\""))
        let found = NewsArticle(
            id: "old", title: "Bitcoin halving: what changes", url: "https://example.com/old", body: "",
            publishedOn: F.now.addingTimeInterval(-7 * 86_400),
            source: "CoinDesk", categories: [], tags: [])
        _ = model.handle(.archiveSearched(query: "halving", .success([Self.archived(found, ref: "abc1")])), at: F.now)
        #expect(model.plainFrame[1].contains("Bitcoin halving: what changes"))
        #expect(model.press(.character("r")) == [.searchArchive(query: "halving")], "r searches again")
        // A later news answer for the coin leaves the search page alone.
        _ = model.handle(.newsLoaded(symbol: "C02", .success(NewsFetch(articles: F.articles(2), fetchedAt: F.now))), at: F.now)
        #expect(model.plainFrame[1].contains("Bitcoin halving"))
        model.press(.escape)
        #expect(model.plainFrame[0].contains("C02") && !model.plainFrame[0].contains("filter"), "back on the coin's list, unfiltered")
        #expect(model.plainFrame.filter { $0.contains("Headline number") }.count == 2)
    }

    @Test("a failed search says why on the search page")
    func searchFailure() {
        var model = model(history: nil)
        model.press(.character("/"))
        model.type("zzz")
        model.press(.enter)
        _ = model.handle(.archiveSearched(query: "zzz", .failure(.unavailable("the news archive is not available: nothing to search"))), at: F.now)
        #expect(model.plainFrame.contains { $0.contains("the news archive is not available") })
    }
}
