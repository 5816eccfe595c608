import Foundation
import Testing

@testable import LacriptaCore

/// Several feeds into one list: duplicates by link or by title across outlets, newest first.
@Suite("News merging")
struct NewsMergerTests {
    private func article(_ title: String, _ url: String, _ source: String, _ seconds: Double?) -> NewsArticle {
        NewsArticle(
            id: url, title: title, url: url, body: "", publishedOn: seconds.map { Date(timeIntervalSince1970: $0) } ?? NewsArticle.undated,
            source: source, categories: [], tags: [])
    }

    @Test("the same link after normalising is one story, and the first copy wins")
    func sameLink() {
        let merged = NewsMerger.merge([
            [article("A", "https://www.theblock.co/post/1?utm_source=rss&utm_medium=rss", "The Block", 10)],
            [
                article("A again", "http://theblock.co/post/1/", "Other", 20),
                article("A once more", "HTTPS://WWW.THEBLOCK.CO/post/1#comments", "Other", 30),
            ],
        ])
        #expect(merged.map(\.title) == ["A"])
    }

    @Test("the same title from two outlets is one story; from one outlet it is two")
    func sameTitle() {
        let merged = NewsMerger.merge([
            [
                article("Here's what happened in crypto today", "https://cointelegraph.com/news/a", "Cointelegraph", 200),
                article("Here's what happened in crypto today", "https://cointelegraph.com/news/b", "Cointelegraph", 100),
            ],
            [article("Here&#8217;s what happened in crypto TODAY!", "https://decrypt.co/1/x", "Decrypt", 300)],
        ])
        #expect(merged.map(\.url) == ["https://cointelegraph.com/news/a", "https://cointelegraph.com/news/b"])
    }

    @Test("newest first, undated last, ties in input order")
    func order() {
        let merged = NewsMerger.merge([
            [article("old", "https://a.test/1", "A", 100), article("undated", "https://a.test/2", "A", nil)],
            [article("new", "https://b.test/1", "B", 300), article("tie 1", "https://b.test/2", "B", 200)],
            [article("tie 2", "https://c.test/1", "C", 200), article("undated 2", "https://c.test/2", "C", nil)],
        ])
        #expect(merged.map(\.title) == ["new", "tie 1", "tie 2", "old", "undated", "undated 2"])
    }

    @Test("articles without links are compared by title only")
    func noLinks() {
        let merged = NewsMerger.merge([[article("X", "", "A", 1), article("Y", "", "A", 2)], [article("X", "", "B", 3)]])
        #expect(merged.map(\.title) == ["Y", "X"])
    }

    @Test("the recorded Cointelegraph duplicate (other utm parameters) collapses when merged with the other outlets")
    func recordedFeeds() throws {
        let feeds = try [
            FeedFixtures.read("feed-cointelegraph.xml", from: FeedFixtures.outlet("Cointelegraph")),
            FeedFixtures.read("feed-theblock.xml", from: FeedFixtures.outlet("The Block")),
            FeedFixtures.read("feed-decrypt.xml", from: FeedFixtures.outlet("Decrypt")),
            FeedFixtures.read("feed-coindesk.xml", from: FeedFixtures.outlet("CoinDesk")),
        ]
        let merged = NewsMerger.merge(feeds.map(\.articles))
        #expect(merged.count == 8)
        #expect(merged.first?.title == "Fed meeting is shaping up to be a nightmare")
        #expect(merged.last?.title == "Euler DeFi Protocol Exploited for Nearly $185M")
        #expect(zip(merged, merged.dropFirst()).allSatisfy { $0.publishedOn >= $1.publishedOn })
        #expect(merged.filter { $0.source == "Cointelegraph" }.count == 2)
    }

    @Test("title keys ignore case, punctuation, entities and curly quotes")
    func titleKeys() {
        #expect(NewsMerger.titleKey("Bitcoin&#8217;s  Rally!") == "bitcoin s rally")
        #expect(NewsMerger.titleKey("bitcoin's rally") == "bitcoin s rally")
        #expect(NewsMerger.titleKey("—") == "")
    }
}
