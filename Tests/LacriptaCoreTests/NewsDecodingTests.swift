import Foundation
import Testing

@testable import LacriptaCore

@Suite("News decoding")
struct NewsDecodingTests {
    @Test("the recorded ETH news decodes with quirks intact")
    func recordedNews() throws {
        let articles = try NewsResponse.decode(RecordedFixture.data("news-eth.json"))
        #expect(articles.count == 18)
        let first = try #require(articles.first)
        #expect(first.id == "9052654")
        #expect(first.publishedOn == Date(timeIntervalSince1970: 1_675_864_091))
        #expect(first.categories == ["BTC", "ETH", "ALTCOIN"])
        #expect(first.tags == ["News", "Crypto news"])
        #expect(first.source == "coinpedia")
    }

    @Test("empty tags become an empty list and string upvotes a number")
    func quirks() throws {
        let articles = try NewsResponse.decode(RecordedFixture.data("news-eth.json"))
        let untagged = try #require(articles.first { $0.id == "9049077" })
        #expect(untagged.tags.isEmpty)
        let voted = try #require(articles.first { $0.id == "9049302" })
        #expect(voted.upvotes == 1)
    }

    @Test("news categories decode with their words")
    func categories() throws {
        let categories = try NewsCategoriesResponse.decode(RecordedFixture.data("news-categories.json"))
        let eth = try #require(categories.first { $0.name == "ETH" })
        #expect(eth.words.contains("Ethereum"))
    }

    @Test("numeric ids and a missing body are tolerated")
    func numericId() throws {
        let json = #"{"Type":100,"Data":[{"id":42,"title":"T","published_on":"1700000000","source":"x"}]}"#
        let article = try #require(try NewsResponse.decode(Data(json.utf8)).first)
        #expect(article.id == "42")
        #expect(article.body == "")
        #expect(article.publishedOn == Date(timeIntervalSince1970: 1_700_000_000))
    }
}
