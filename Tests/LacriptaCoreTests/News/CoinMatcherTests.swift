import Foundation
import Testing

@testable import LacriptaCore

/// Issue 13's rule for "is this article about the coin", with its false positives.
@Suite("Coin matching")
struct CoinMatcherTests {
    private let ethereum = CoinMatcher(symbol: "eth", name: "Ethereum")
    private let harmony = CoinMatcher(symbol: "ONE", name: "Harmony")
    private let polkadot = CoinMatcher(symbol: "DOT", name: "Polkadot")

    private func article(title: String = "", body: String = "", categories: [String] = [], tags: [String] = []) -> NewsArticle {
        NewsArticle(
            id: "1", title: title, url: "", body: body, publishedOn: NewsArticle.undated, source: "S", categories: categories, tags: tags)
    }

    @Test(
        "the symbol counts as a whole word in capitals",
        arguments: [
            "ETH ETFs see inflows", "Why $ETH is up", "ETH-USD breaks out", "ETH's best week", "(ETH)", "Ether (ETH) rallies", "BTC/ETH ratio",
        ])
    func symbolMatches(title: String) {
        #expect(ethereum.matches(article(title: title)))
    }

    @Test(
        "the symbol inside a word, in lower case or mixed case does not count",
        arguments: ["Ethan joins the board", "eth is up", "Eth is up", "METHOD", "ETH2 staking", "ETHUSD", "Ethena launches", "stETH depegs"])
    func symbolFalsePositives(title: String) {
        #expect(!ethereum.matches(article(title: title)))
    }

    @Test("ONE and DOT as plain words do not count, in capitals they do")
    func plainWords() {
        #expect(!harmony.matches(article(title: "One more thing about regulation")))
        #expect(!harmony.matches(article(title: "Only one exchange listed it", body: "<p>one by one</p>")))
        #expect(harmony.matches(article(title: "ONE jumps 20% after Harmony bridge fix")))
        #expect(!polkadot.matches(article(title: "Connect the dots: a dot-com déjà vu")))
        #expect(!polkadot.matches(article(body: "Visit example.dot.com")))
        #expect(polkadot.matches(article(body: "Staking DOT now pays 14%")))
    }

    @Test("the name counts as a proper noun, whole, in the title or the summary")
    func names() {
        #expect(ethereum.matches(article(title: "Ethereum's Pectra upgrade ships")))
        #expect(ethereum.matches(article(title: "ETHEREUM FOUNDATION SELLS")))
        #expect(ethereum.matches(article(body: "<p>Developers on Ethereum said…</p>")))
        #expect(ethereum.matches(article(title: "Layer 2s: Ethereum-based rollups grow")))
        #expect(!ethereum.matches(article(title: "Ethereumish clones everywhere")))
        #expect(!harmony.matches(article(title: "Regulators in harmony with the industry")))
        #expect(harmony.matches(article(title: "Harmony hacker moves funds")))
        let near = CoinMatcher(symbol: "NEAR", name: "NEAR Protocol")
        #expect(near.matches(article(title: "Near Protocol unveils chain abstraction")))
        #expect(!near.matches(article(title: "Bitcoin near record high")))
        #expect(near.matches(article(title: "NEAR near record high")))
    }

    @Test("text inside tags and attributes is not the summary; entities in the title are decoded")
    func htmlIsText() {
        #expect(!ethereum.matches(article(body: #"<a href="https://ethereum.org/ETH">link</a> <img alt="ETH">"#)))
        #expect(ethereum.matches(article(body: "<p>Price&nbsp;of ETH&#8217;s rival</p>")))
        #expect(ethereum.matches(article(title: "Ethereum&#8217;s week")))
    }

    @Test("categories and tags naming the symbol or the name, in any case")
    func labels() {
        #expect(ethereum.matches(article(categories: ["ETH"])))
        #expect(ethereum.matches(article(categories: ["eth"])))
        #expect(ethereum.matches(article(tags: ["Ethereum"])))
        #expect(ethereum.matches(article(tags: [" ethereum "])))
        #expect(!ethereum.matches(article(categories: ["Ethereum Classic", "ETHW"], tags: ["stETH"])))
    }

    @Test("a one-letter ticker never matches as a word, but its name and categories do")
    func oneLetterTicker() {
        let sonic = CoinMatcher(symbol: "S", name: "Sonic")
        #expect(!sonic.matches(article(title: "U.S. S&P 500 futures slip")))
        #expect(sonic.matches(article(title: "Sonic Labs raises $10M")))
        #expect(sonic.matches(article(categories: ["S"])))
    }

    @Test("a recorded feed: the Cointelegraph Ether item is about ETH, the daily roundup is not")
    func recordedFeed() throws {
        let feed = try FeedFixtures.read("feed-cointelegraph.xml", from: FeedFixtures.outlet("Cointelegraph"))
        #expect(feed.articles.map(ethereum.matches) == [false, true, false])
        let bitcoin = CoinMatcher(symbol: "BTC", name: "Bitcoin")
        // The roundup's summary names Bitcoin; the duplicate without a description does not.
        #expect(feed.articles.map(bitcoin.matches) == [true, false, false])
    }
}
