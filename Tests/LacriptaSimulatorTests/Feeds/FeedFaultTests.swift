import Foundation
import LacriptaSimulator
import Testing

@Suite("News feeds: fault switches and delays")
struct FeedFaultTests {
    @Test("redirect is a 301 to a relative /feeds/moved path, which serves the feed and never fails")
    func permanentRedirect() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.feeds.setFault(.redirect, for: .coinDesk)
            let moved = try KeylessFixtures.feed(simulator, .coinDesk)
            #expect(moved.status == 301)
            #expect(moved.headers["Location"] == "/feeds/moved/coindesk.xml")
            let target = try RawHTTPClient.fetch(port: simulator.restPort, "/feeds/moved/coindesk.xml", headers: [KeylessFixtures.userAgent])
            let recorded = try KeylessFixtures.recordedFeed(.coinDesk)
            #expect(target.status == 200 && target.body == recorded)
        }
    }

    @Test("redirect-found is a 302 to the absolute URL on the host the client named")
    func temporaryRedirect() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.feeds.setFault(.redirectFound, for: .decrypt)
            let moved = try KeylessFixtures.feed(simulator, .decrypt)
            #expect(moved.status == 302)
            #expect(moved.headers["Location"] == "http://127.0.0.1/feeds/moved/decrypt.xml")
        }
    }

    @Test("truncated is the first half of the document with a matching length; billion-laughs declares nested entities")
    func brokenDocuments() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.feeds.setFault(.truncated, for: .theBlock)
            simulator.feeds.setFault(.billionLaughs, for: .googleNews)
            let full = try KeylessFixtures.recordedFeed(.theBlock)
            let cut = try KeylessFixtures.feed(simulator, .theBlock)
            #expect(cut.status == 200 && !cut.bodyCutShort)
            #expect(cut.body == Array(full.prefix(full.count / 2)))
            let bomb = try KeylessFixtures.feed(simulator, .googleNews)
            #expect(bomb.status == 200)
            #expect(bomb.text.contains("<!DOCTYPE rss [") && bomb.text.contains("<!ENTITY lol9 \"&lol8;&lol8;"))
            #expect(bomb.body.count < 2048)
            #expect(try KeylessFixtures.feed(simulator, .decrypt).status == 200)
        }
    }

    @Test("rate-limited is a 429 with Retry-After, not-found a 404, malformed breaks before an item closes, utf7 declares UTF-7")
    func causes() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.feeds.setFault(.rateLimited, for: .coinDesk)
            simulator.feeds.setFault(.notFound, for: .decrypt)
            simulator.feeds.setFault(.malformed, for: .theBlock)
            simulator.feeds.setFault(.utf7, for: .googleNews)
            let limited = try KeylessFixtures.feed(simulator, .coinDesk)
            #expect(limited.status == 429 && limited.headers["Retry-After"] == "120")
            #expect(try KeylessFixtures.feed(simulator, .decrypt).status == 404)
            let broken = try KeylessFixtures.feed(simulator, .theBlock)
            #expect(broken.status == 200 && broken.text.contains("</titel>") && !broken.text.contains("</item>"))
            let utf7 = try KeylessFixtures.feed(simulator, .googleNews)
            #expect(utf7.text.hasPrefix(#"<?xml version="1.0" encoding="utf-7"?><!-- +AC0ALQA+- <!DOCTYPE rss [<!ENTITY a "INJECTED">]><rss>"#))
        }
    }

    @Test("A feed's own fault beats the all-feeds fault; clearing leaves the others as set")
    func precedence() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.feeds.setFault(.down)
            simulator.feeds.setFault(.html, for: .blockworks)
            let down = try KeylessFixtures.feed(simulator, .coinDesk)
            #expect(down.status == 503 && down.text == "down")
            let page = try KeylessFixtures.feed(simulator, .blockworks)
            #expect(page.status == 200 && page.headers["Content-Type"]?.hasPrefix("text/html") == true)
            simulator.feeds.setFault(nil, for: .blockworks)
            #expect(simulator.feeds.fault(for: .blockworks) == .down)
            simulator.feeds.removeAllFaults()
            #expect(try KeylessFixtures.feed(simulator, .blockworks).status == 200)
        }
    }

    @Test("forbidden is a 403 page even with a User-Agent; drop closes unanswered")
    func refusals() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.feeds.setFault(.forbidden, for: .cryptoSlate)
            #expect(try KeylessFixtures.feed(simulator, .cryptoSlate).status == 403)
            simulator.feeds.setFault(.drop, for: .cryptoSlate)
            let client = try RawHTTPClient(port: simulator.restPort)
            client.get(simulator.feedURL(.cryptoSlate).path, headers: [KeylessFixtures.userAgent])
            guard case .closedWithoutAnswer = client.read() else {
                Issue.record("drop answered")
                return
            }
        }
    }

    @Test("Eight feeds, all delayed, each still answers whole and in parallel connections")
    func delayedFeeds() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.feeds.setDelay(.milliseconds(30))
            let clients = try SimulatedFeed.allCases.map { feed in
                let client = try RawHTTPClient(port: simulator.restPort)
                client.get(simulator.feedURL(feed).path, headers: [KeylessFixtures.userAgent], close: true)
                return (feed, client)
            }
            for (feed, client) in clients {
                guard case .response(let response) = client.read() else {
                    Issue.record("\(feed) did not answer")
                    continue
                }
                let recorded = try KeylessFixtures.recordedFeed(feed)
                #expect(response.status == 200 && response.body == recorded)
            }
        }
    }

    @Test("Command-line settings: MODE[@FEED] and SECONDS[@FEED], repeatable, and mistakes refused")
    func commandLine() throws {
        let parsed = try SimulatorCommandLine.parse([
            "--feed-fault", "truncated@theblock", "--feed-fault=redirect", "--feed-delay", "0.3", "--feed-delay=1.5@decrypt",
            "--coingecko-fault", "ratelimit-bare",
        ])
        #expect(parsed.feedFaults == [FeedSetting<FeedFault>(.truncated, feed: .theBlock), FeedSetting<FeedFault>(.redirect)])
        #expect(parsed.feedDelays == [FeedSetting<Duration>(.milliseconds(300)), FeedSetting<Duration>(.milliseconds(1500), feed: .decrypt)])
        #expect(parsed.coinGeckoFault == .rateLimitedWithoutRetryAfter)
        for bad in [["--feed-fault", "melt"], ["--feed-fault", "drop@nowhere"], ["--feed-delay", "-1"], ["--feed-delay", "x@decrypt"]] {
            #expect(throws: SimulatorUsageError.self) { try SimulatorCommandLine.parse(bad) }
        }
    }

    @Test("Faults and delays given at start are active; help names the routes and switches")
    func startupSettings() throws {
        var configuration = SimulatorConfiguration(dataDirectory: try Fixtures.directory())
        configuration.feedFaults = [FeedSetting(.down, feed: .decrypt)]
        configuration.coinGeckoFault = .cloudflare
        let simulator = try Simulator.start(configuration)
        defer { simulator.stop() }
        #expect(simulator.feeds.fault(for: .decrypt) == .down && simulator.feeds.fault(for: .coinDesk) == nil)
        #expect(simulator.coinGecko.fault == .cloudflare)
        #expect(simulator.announcement.contains("lacripta-sim: CoinGecko on \(simulator.coinGeckoBaseURL.absoluteString)"))
        #expect(simulator.announcement.contains("lacripta-sim: feed The Block on \(simulator.feedURL(.theBlock).absoluteString)"))
        #expect(simulator.announcement.contains("lacripta-sim: Kraken REST candles on \(simulator.krakenAPIURL.absoluteString)"))
        #expect(simulator.announcement.contains("lacripta-sim: Coinbase REST candles on \(simulator.coinbaseAPIURL.absoluteString)"))
        for text in [
            "/coingecko/api/v3", "/coins/{id}/ohlc", "/kraken/0/public/OHLC", "/coinbase/products/P/candles", "/feeds/FEED.xml", "--coingecko-fault",
            "--feed-fault", "--feed-delay", "billion-laughs",
        ] {
            #expect(SimulatorCommandLine.usage.contains(text))
        }
    }
}
