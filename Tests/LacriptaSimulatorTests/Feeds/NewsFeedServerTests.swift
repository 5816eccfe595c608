import Foundation
import LacriptaSimulator
import Testing

@Suite("News feeds: documents, conditional GET, User-Agent")
struct NewsFeedServerTests {
    @Test("Eight feeds at /feeds/<slug>.xml on the REST port, served byte for byte as recorded", arguments: SimulatedFeed.allCases)
    func recordedDocuments(feed: SimulatedFeed) throws {
        try withSimulator { (simulator: Simulator) throws in
            #expect(simulator.newsFeedURLs.count == 8)
            #expect(simulator.feedURL(feed).absoluteString == "http://127.0.0.1:\(simulator.restPort)/feeds/\(feed.rawValue).xml")
            let response = try KeylessFixtures.feed(simulator, feed)
            #expect(response.status == 200)
            #expect(response.body == (try KeylessFixtures.recordedFeed(feed)))
            let type = try #require(response.headers["Content-Type"])
            #expect(type.contains("xml"))
            #expect(response.headers["ETag"]?.hasPrefix("\"") == true)
            #expect(response.headers["Last-Modified"]?.hasSuffix(" GMT") == true)
        }
    }

    @Test("A matching If-None-Match is a bodiless 304 with the validators; a stale one gets the feed")
    func ifNoneMatch() throws {
        try withSimulator { (simulator: Simulator) throws in
            let first = try KeylessFixtures.feed(simulator, .theBlock)
            let etag = try #require(first.headers["ETag"])
            let again = try KeylessFixtures.feed(simulator, .theBlock, headers: ["If-None-Match: \(etag)"])
            #expect(again.status == 304)
            #expect(again.body.isEmpty && again.headers["Content-Length"] == nil)
            #expect(again.headers["ETag"] == etag && again.headers["Last-Modified"] == first.headers["Last-Modified"])
            #expect(try KeylessFixtures.feed(simulator, .theBlock, headers: ["If-None-Match: W/\(etag), \"other\""]).status == 304)
            let stale = try KeylessFixtures.feed(simulator, .theBlock, headers: ["If-None-Match: \"0000\""])
            #expect(stale.status == 200 && stale.body == first.body)
        }
    }

    @Test("If-Modified-Since at or after Last-Modified is 304; before it, or with a stale ETag, the feed")
    func ifModifiedSince() throws {
        try withSimulator { (simulator: Simulator) throws in
            let lastModified = try #require(try KeylessFixtures.feed(simulator, .decrypt).headers["Last-Modified"])
            #expect(try KeylessFixtures.feed(simulator, .decrypt, headers: ["If-Modified-Since: \(lastModified)"]).status == 304)
            let older = "If-Modified-Since: Mon, 01 Jan 2024 00:00:00 GMT"
            #expect(try KeylessFixtures.feed(simulator, .decrypt, headers: [older]).status == 200)
            let both = ["If-Modified-Since: \(lastModified)", "If-None-Match: \"stale\""]
            #expect(try KeylessFixtures.feed(simulator, .decrypt, headers: both).status == 200)
        }
    }

    @Test("Cointelegraph refuses a request without a User-Agent with a 403 page; other outlets do not")
    func userAgent() throws {
        try withSimulator { (simulator: Simulator) throws in
            for feed in [SimulatedFeed.coinTelegraph, .coinTelegraphBitcoin] {
                let refused = try RawHTTPClient.fetch(port: simulator.restPort, simulator.feedURL(feed).path)
                #expect(refused.status == 403)
                #expect(refused.headers["Content-Type"]?.hasPrefix("text/html") == true)
            }
            #expect(try RawHTTPClient.fetch(port: simulator.restPort, simulator.feedURL(.decrypt).path).status == 200)
            let log = simulator.feeds.requestLog
            #expect(log.count == 3 && log.allSatisfy { $0.userAgent == nil })
        }
    }

    @Test("Unknown feed paths are 404; the request log records validators sent")
    func unknownPathAndLog() throws {
        try withSimulator { (simulator: Simulator) throws in
            #expect(try RawHTTPClient.fetch(port: simulator.restPort, "/feeds/nope.xml").status == 404)
            _ = try KeylessFixtures.feed(simulator, .blockworks, headers: ["If-None-Match: \"x\""])
            let record = try #require(simulator.feeds.requestLog.last)
            #expect(record.path == "/feeds/blockworks.xml" && record.ifNoneMatch == "\"x\"" && record.userAgent != nil)
        }
    }

    @Test("Moved dates keep every feed well dated and its bytes otherwise unchanged; validators stay put")
    func freshDates() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let server = try NewsFeedServer(directory: Fixtures.directory(), options: NewsFeedServer.Options(freshDatesNow: now))
        let request = HTTPRequest(method: "GET", target: SimulatedFeed.cryptoSlate.path, headers: HTTPHeaders([("User-Agent", "t")]))
        let first = server.handle(request)
        let text = String(decoding: first.body, as: UTF8.self)
        // CryptoSlate is the eighth feed: its newest date lands 7 + 7 × 5 minutes before `now`.
        #expect(text.contains("<pubDate>Wed, 18 Nov 2026 05:23:12 -0500</pubDate>"))
        #expect(!text.contains("Sep 2026"))
        #expect(text.contains("Cardano&#8217;s founder sets out the 2027 roadmap"))
        #expect(server.handle(request).headers["ETag"] == first.headers["ETag"])
    }
}
