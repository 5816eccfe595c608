import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaSimulator
import Testing

/// The feed reader against the simulated outlets, over the real transport and sockets: every
/// feed reads, conditional GET and redirects work end to end, and the hostile feeds are refused.
@Suite("Feed reader against the simulator")
struct FeedsOverSimulatorTests {
    /// The headers lacripta sends for feeds (Cointelegraph refuses requests without a User-Agent).
    private static let headers = ["user-agent": "lacripta-tests/1.0", "accept": "application/rss+xml, application/xml, text/xml, */*"]

    /// GETs `url` with `headers`.
    private func get(_ url: URL, headers: [String: String] = headers) async throws -> LacriptaNet.HTTPResponse {
        try await NativeHTTPTransport().get(LacriptaNet.HTTPRequest(url: url, headers: headers, timeout: 30))
    }

    /// The outlet a client configures for `endpoint`.
    private func outlet(_ endpoint: SimulatedFeedEndpoint) -> FeedOutlet {
        FeedOutlet(name: endpoint.outletName, url: endpoint.url)
    }

    @Test("Every simulated feed reads whole, with dated articles (CryptoSlate's one undated item aside)")
    func everyFeedReads() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        var counts: [String: Int] = [:]
        for endpoint in simulator.newsFeeds {
            let response = try await get(endpoint.url)
            #expect(response.status == 200)
            let feed = try FeedReader.read(response.body, from: outlet(endpoint))
            #expect(feed.problem == nil)
            #expect(feed.articles.allSatisfy { $0.source == endpoint.outletName || endpoint.feed == .googleNews })
            #expect(feed.articles.filter { !$0.isDated }.count == (endpoint.feed == .cryptoSlate ? 1 : 0))
            counts[endpoint.feed.rawValue] = feed.articles.count
        }
        #expect(
            counts == [
                "coindesk": 7, "cointelegraph": 7, "cointelegraph-bitcoin": 5, "decrypt": 6, "theblock": 6, "blockworks": 5,
                "google-news": 6, "cryptoslate": 6,
            ])
    }

    @Test("Merged, the feeds have stories about bitcoin and ethereum from several outlets")
    func plausibleNews() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        var lists: [[NewsArticle]] = []
        for endpoint in simulator.newsFeeds {
            lists.append(try FeedReader.read(try await get(endpoint.url).body, from: outlet(endpoint)).articles)
        }
        let merged = NewsMerger.merge(lists)
        for word in ["bitcoin", "ethereum"] {
            let sources = Set(merged.filter { $0.title.lowercased().contains(word) }.map(\.source))
            #expect(sources.count >= 4, "\(word): \(sources)")
        }
    }

    @Test("A conditional GET with the validators of the first answer gets 304")
    func conditionalGet() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let url = simulator.feedURL(.theBlock)
        let first = try await get(url)
        let validators = HTTPValidators(response: first)
        #expect(validators.etag != nil && validators.lastModified != nil)
        let request = LacriptaNet.HTTPRequest(url: url, headers: Self.headers, timeout: 30).conditional(on: validators)
        let second = try await NativeHTTPTransport().get(request)
        #expect(second.status == 304 && second.body.isEmpty)
        #expect(simulator.feeds.requestLog.last?.ifNoneMatch == validators.etag)
    }

    @Test("Redirected feeds (301 relative, 302 absolute) are followed and read", arguments: [FeedFault.redirect, .redirectFound])
    func redirects(fault: FeedFault) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        simulator.feeds.setFault(fault, for: .coinDesk)
        let response = try await get(simulator.feedURL(.coinDesk))
        #expect(response.status == 200)
        #expect(response.url?.path == "/feeds/moved/coindesk.xml")
        let feed = try FeedReader.read(response.body, from: FeedOutlet(name: "CoinDesk", url: simulator.feedURL(.coinDesk)))
        #expect(feed.articles.count == 7)
    }

    @Test("A truncated feed keeps the items that closed and says what was lost")
    func truncated() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        simulator.feeds.setFault(.truncated, for: .theBlock)
        let body = try await get(simulator.feedURL(.theBlock)).body
        let feed = try FeedReader.read(body, from: FeedOutlet(name: "The Block", url: simulator.feedURL(.theBlock)))
        #expect((1..<6).contains(feed.articles.count))
        guard case .malformed? = feed.problem?.reason else {
            Issue.record("no malformed problem: \(String(describing: feed.problem))")
            return
        }
    }

    @Test(
        "The billion-laughs feed and a web page instead of a feed are refused unparsed",
        arguments: [(FeedFault.billionLaughs, FeedError.Reason.declaresEntities), (.html, .notAFeed(html: true))])
    func refused(fault: FeedFault, reason: FeedError.Reason) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        simulator.feeds.setFault(fault, for: .decrypt)
        let body = try await get(simulator.feedURL(.decrypt)).body
        #expect(throws: FeedError(feed: "Decrypt", reason: reason)) {
            try FeedReader.read(body, from: FeedOutlet(name: "Decrypt", url: simulator.feedURL(.decrypt)))
        }
    }

    @Test("Cointelegraph answers a request without a User-Agent with 403")
    func userAgentRequired() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        #expect(try await get(simulator.feedURL(.coinTelegraph), headers: [:]).status == 403)
    }
}
