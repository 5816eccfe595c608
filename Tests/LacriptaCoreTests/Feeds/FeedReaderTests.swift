import Foundation
import Testing

@testable import LacriptaCore

/// Each outlet's recorded feed (reference §2.1–2.8) read into articles, field by field.
@Suite("Feed reader: outlets")
struct FeedReaderTests {
    @Test("CoinDesk: CDATA titles, tag-domain categories as tags, media:description not taken for the body")
    func coinDesk() throws {
        let feed = try FeedFixtures.read("feed-coindesk.xml", from: FeedFixtures.outlet("CoinDesk"))
        #expect(feed.title == "CoinDesk: Bitcoin, Ethereum, Crypto News and Price Data")
        #expect(feed.problem == nil)
        #expect(feed.articles.count == 2)
        let sanity = try #require(feed.articles.first)
        #expect(
            sanity
                == NewsArticle(
                    id: "f52456fe", title: "Fed meeting is shaping up to be a nightmare",
                    url: "https://www.coindesk.com/markets/2026/09/16/fed-meeting",
                    body: "", publishedOn: Date(timeIntervalSince1970: 1_789_540_942), source: "CoinDesk", categories: [], tags: []))
        let euler = try #require(feed.articles.last)
        #expect(euler.id == "WUTFSQGUYNGO5HIZ7PJQB5ZJ2I")
        #expect(euler.title == "Euler DeFi Protocol Exploited for Nearly $185M")
        #expect(euler.url == "https://www.coindesk.com/business/2023/03/13/euler-defi-protocol-exploited-for-nearly-185m/")
        #expect(euler.body == "The losses occurred over four transactions in dai (DAI), wrapped bitcoin (WBTC), staked ether (sETH) and USDC.")
        #expect(euler.publishedOn == Date(timeIntervalSince1970: 1_678_701_315))  // pubDate, not atom:updated
        #expect(euler.author == "Jamie Crawley")
        #expect(euler.categories == ["Finance", "news"])
        #expect(euler.tags == ["Exploits", "Hacks", "DeFi", "Euler Finance"])
        #expect(euler.source == "CoinDesk")
    }

    @Test("Cointelegraph: CDATA link with raw &, the clean permalink guid preferred, 'Cointelegraph by' dropped, &#x27;")
    func cointelegraph() throws {
        let feed = try FeedFixtures.read("feed-cointelegraph.xml", from: FeedFixtures.outlet("Cointelegraph"))
        #expect(feed.title == "Cointelegraph.com News")
        #expect(feed.articles.count == 3)
        let today = feed.articles[0]
        #expect(today.id == "https://cointelegraph.com/news/what-happened-in-crypto-today")
        #expect(today.url == "https://cointelegraph.com/news/what-happened-in-crypto-today")
        #expect(today.title == "Here's what happened in crypto today")
        #expect(today.author == "Zoltan Vardai")
        #expect(today.categories == ["Latest News"])
        #expect(today.publishedOn == Date(timeIntervalSince1970: 1_787_949_774))
        #expect(
            today.body.hasPrefix(#"<p style="float:right; margin:0 0 10px 15px; width:240px;"><img src="https://s3-images.ctmedia.io/x.jpg"></p>"#))
        #expect(HTMLText.plainText(fromHTML: today.body).hasPrefix("Need to know what happened in crypto today?"))
        let ether = feed.articles[1]
        #expect(ether.title == "Ether's rally stalls as ETH ETFs record $210M in outflows")
        #expect(ether.categories == ["Ethereum", "ETF"])
        // The same story again, from a tag feed's tracking parameters and without a description.
        #expect(feed.articles[2].url == today.url)
        #expect(feed.articles[2].body.isEmpty)
    }

    @Test("Decrypt: &#39; in a plain title, no guid so the link is the id, CDATA keeps &#8217; for the HTML layer")
    func decrypt() throws {
        let feed = try FeedFixtures.read("feed-decrypt.xml", from: FeedFixtures.outlet("Decrypt"))
        let first = try #require(feed.articles.first)
        #expect(first.title == "Wall Street Bets on Fed Rate Hike: Here's What It Means")
        #expect(first.url == "https://decrypt.co/378306/wall-street-fed-rate-hike")
        #expect(first.id == first.url)
        #expect(first.publishedOn == Date(timeIntervalSince1970: 1_789_508_763))
        let solana = try #require(feed.articles.last)
        #expect(solana.id == "https://decrypt.co/?p=377546")  // isPermaLink="false": the id, not the link
        #expect(solana.url == "https://decrypt.co/377546/solana-validators-faster-block-times")
        #expect(solana.categories == ["News", "Solana"])
        #expect(solana.body == "<p>Most of the network&#8217;s stake voted for the change, which cuts slot times to 300 milliseconds.</p>")
        #expect(HTMLText.plainText(fromHTML: solana.body).hasPrefix("Most of the network’s stake"))
    }

    @Test("The Block: tabs, <lastBuildDate >, -0400 dates, utm stripped, lower-case category slugs kept")
    func theBlock() throws {
        let feed = try FeedFixtures.read("feed-theblock.xml", from: FeedFixtures.outlet("The Block"))
        #expect(feed.title == "The Block")
        #expect(feed.articles.count == 2)
        let multicoin = feed.articles[0]
        #expect(multicoin.title == "Multicoin Capital makes first Hyperliquid ecosystem investment in Trasia, an Asia-focused trading platform")
        #expect(multicoin.url == "https://www.theblock.co/post/408670/multicoin-capital-hyperliquid-ecosystem-investment-trasia")
        #expect(multicoin.id == "https://www.theblock.co/post/408670")
        #expect(multicoin.publishedOn == Date(timeIntervalSince1970: 1_784_217_602))
        #expect(multicoin.author == "Yogita Khatri")
        #expect(multicoin.categories == ["Companies", "Crypto Ecosystems", "Deals", "DeFi", "Web3", "exclusive"])
        #expect(
            multicoin.body
                == "<p>Built on Hyperliquid, Trasia was co-founded by former Multicoin Capital partner Mable Jiang and aims to serve Asian traders.</p>"
        )
        let riot = feed.articles[1]
        #expect(riot.title == "Riot Platforms’ bitcoin output slips as hashprice falls")
        #expect(riot.publishedOn == Date(timeIntervalSince1970: 1_784_212_307))
        #expect(riot.categories.suffix(2) == ["bitcoin-price", "riot-platforms"])
    }

    @Test("The Block after 2026-09: CDATA title, /news/ links, media:content, +0000")
    func theBlockNewShape() throws {
        let feed = try FeedFixtures.read("feed-theblock-2026-09.xml", from: FeedFixtures.outlet("The Block"))
        #expect(
            feed.articles == [
                NewsArticle(
                    id: "https://www.theblock.co/news/regulation/2026-09-16-underdog-415242", title: "Underdog sues Connecticut",
                    url: "https://www.theblock.co/news/regulation/2026-09-16-underdog-415242", body: "",
                    publishedOn: Date(timeIntervalSince1970: 1_789_542_506), source: "The Block", categories: [], tags: [])
            ])
    }

    @Test("Atom (Blockworks): link href, published over updated, author/name, category label or term, relative links")
    func atom() throws {
        let feed = try FeedFixtures.read("feed-atom-blockworks.xml", from: FeedFixtures.blockworks())
        #expect(feed.title == "Blockworks")
        #expect(feed.articles.count == 2)
        let stablecoins = feed.articles[0]
        #expect(stablecoins.title == "Stablecoin supply tops $310B as Tether mints another $2B")
        #expect(stablecoins.url == "https://blockworks.co/news/stablecoin-supply-record")
        #expect(stablecoins.id == "https://blockworks.co/news/stablecoin-supply-record")
        #expect(stablecoins.publishedOn == Date(timeIntervalSince1970: 1_789_549_500))
        #expect(stablecoins.author == "Macauley Peterson")
        #expect(stablecoins.categories == ["Stablecoins", "tether"])
        #expect(stablecoins.body == "<p>USDT accounts for more than 60% of the total, data from DefiLlama shows.</p>")
        let lido = feed.articles[1]
        #expect(lido.url == "https://blockworks.co/news/lido-dual-governance")
        #expect(lido.id == "tag:blockworks.co,2026:news-41881")
        #expect(lido.publishedOn == Date(timeIntervalSince1970: 1_789_504_800))  // updated, +02:00
        #expect(lido.body == "<p>The proposal would give stETH holders a veto.</p>")
        #expect(lido.author == nil)
    }

    @Test("Google News: the publisher from <source>, its ' - Publisher' suffix cut, the escaped description decoded twice")
    func googleNews() throws {
        let outlet = FeedOutlet(name: "Google News", url: try #require(URL(string: "https://news.google.com/rss/search?q=toncoin+crypto")))
        let feed = try FeedFixtures.read("feed-google-news.xml", from: outlet)
        #expect(feed.articles.map(\.title) == ["Toncoin Jumps 36% as Telegram Takes Over TON Chain", "TON slides after Telegram wallet outage"])
        #expect(feed.articles.map(\.source) == ["CoinMarketCap", "The Block"])
        let first = try #require(feed.articles.first)
        #expect(first.url == "https://news.google.com/x")
        #expect(first.publishedOn == Date(timeIntervalSince1970: 1_790_071_200))
        #expect(first.body == #"<a href="x">Toncoin Jumps</a>&nbsp;CoinMarketCap"#)
        #expect(HTMLText.plainText(fromHTML: first.body) == "Toncoin Jumps\u{A0}CoinMarketCap")
        let second = try #require(feed.articles.last)
        #expect(second.id == "CBMiWkFVX3lxTE1hYmNkZWY")
        #expect(second.url == "https://news.google.com/rss/articles/CBMiWkFVX3lxTE1hYmNkZWY?oc=5")
        #expect(second.publishedOn == Date(timeIntervalSince1970: 1_790_066_460))
    }
}
