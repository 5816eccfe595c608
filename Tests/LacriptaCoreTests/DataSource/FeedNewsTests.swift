import Dispatch
import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCore

/// The outlets' feeds as one news source, over real sockets: fetched together, failures named
/// and survived, per-coin filtering, the cache.
@Suite("News from RSS and Atom feeds over real sockets")
struct FeedNewsTests {
    private static let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// One fake host serving a feed per path.
    private func server(_ routes: @escaping @Sendable (String) -> LacriptaSimulator.HTTPResponse) throws -> HTTPServer {
        try HTTPServer { request in routes(request.path) }
    }

    private static func feed(_ file: String) -> LacriptaSimulator.HTTPResponse {
        let body = (try? RecordedFixture.data(file)).map(Array.init) ?? []
        return LacriptaSimulator.HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "application/rss+xml")]), body: body)
    }

    private static func outlet(_ name: String, _ server: HTTPServer, _ path: String) -> FeedOutlet {
        FeedOutlet(name: name, url: URL(string: "http://127.0.0.1:\(server.port)\(path)") ?? URL(fileURLWithPath: "/"))
    }

    private func source(_ outlets: [FeedOutlet], cache: URL? = nil, timeout: TimeInterval = 30) throws -> FeedNews {
        let configuration = Configuration(
            apiBaseURL: try #require(URL(string: "http://127.0.0.1:1")), streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: FileManager.default.temporaryDirectory, coinGeckoBaseURL: try #require(URL(string: "http://127.0.0.1:1/api/v3")))
        let coins = CoinGeckoClient(configuration: configuration, transport: NativeHTTPTransport())
        return FeedNews(
            outlets: outlets, transport: NativeHTTPTransport(), cache: cache.map(ResponseCache.init(directory:)), timeout: timeout,
            coins: coins, now: { Self.now })
    }

    @Test("feeds are fetched together: a feed that only answers once the others were asked still arrives")
    func concurrent() async throws {
        // The slow feed holds its answer until both others have been requested, so fetching one
        // feed after the other would never get past it (it would time out and be reported).
        let othersAsked = DispatchSemaphore(value: 0)
        let server = try server { path in
            switch path {
            case "/slow":
                for _ in 0..<2 { _ = othersAsked.wait(timeout: .now() + 30) }
                return Self.feed("feed-theblock.xml")
            case "/a":
                othersAsked.signal()
                return Self.feed("feed-cointelegraph.xml")
            default:
                othersAsked.signal()
                return Self.feed("feed-decrypt.xml")
            }
        }
        defer { server.stop() }
        let outlets = [Self.outlet("The Block", server, "/slow"), Self.outlet("Cointelegraph", server, "/a"), Self.outlet("Decrypt", server, "/b")]
        let batch = try await source(outlets, timeout: 10).news(about: nil)
        #expect(batch.problems.isEmpty)
        #expect(batch.attribution == "The Block, Cointelegraph, Decrypt")
        #expect(Set(batch.articles.map(\.source)) == ["The Block", "Cointelegraph", "Decrypt"])
        #expect(batch.articles.map(\.publishedOn) == batch.articles.map(\.publishedOn).sorted(by: >))
    }

    @Test("a failing, a malformed and a billion-laughs feed are each named; the good one is shown")
    func partialFailure() async throws {
        let laughs = Array(
            "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;\">]><rss><channel><title>&lol2;</title></channel></rss>"
                .utf8)
        let server = try server { path in
            switch path {
            case "/good": return Self.feed("feed-decrypt.xml")
            case "/down": return LacriptaSimulator.HTTPResponse(status: 503, body: Array("down".utf8))
            case "/laughs": return LacriptaSimulator.HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/xml")]), body: laughs)
            default: return LacriptaSimulator.HTTPResponse(status: 200, body: Array("<rss><channel><item><title>cut".utf8))
            }
        }
        defer { server.stop() }
        let outlets = [
            Self.outlet("Good", server, "/good"), Self.outlet("Down", server, "/down"), Self.outlet("Laughs", server, "/laughs"),
            Self.outlet("Broken", server, "/broken"),
        ]
        let batch = try await source(outlets).news(about: nil)
        #expect(batch.attribution == "Good")
        #expect(!batch.articles.isEmpty && batch.articles.allSatisfy { $0.source == "Good" })
        #expect(batch.problems.count == 3)
        #expect(batch.problems.contains { $0.hasPrefix("Down: ") && $0.contains("503") })
        #expect(batch.problems.contains { $0.hasPrefix("Laughs: ") && $0.contains("declares its own XML entities") })
        #expect(batch.problems.contains { $0.hasPrefix("Broken: ") })
    }

    @Test("when every feed fails and nothing is cached the answer is 69, unavailable")
    func allFail() async throws {
        let server = try server { _ in LacriptaSimulator.HTTPResponse(status: 503) }
        defer { server.stop() }
        do {
            _ = try await source([Self.outlet("A", server, "/a"), Self.outlet("B", server, "/b")]).news(about: nil)
            Issue.record("expected a failure")
        } catch let error as LacriptaError {
            #expect(error.exitCode == .unavailable)
            #expect(error.userMessage.contains("none of the 2 news feeds answered"))
        }
    }

    @Test("an outage serves every feed from the cache, marked offline")
    func offline() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-feeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let up = Locked(true)
        let server = try server { _ in up.withLock { $0 } ? Self.feed("feed-coindesk.xml") : LacriptaSimulator.HTTPResponse(status: 503) }
        defer { server.stop() }
        let source = try source([Self.outlet("CoinDesk", server, "/rss")], cache: cache)
        let fresh = try await source.news(about: nil)
        up.withLock { $0 = false }
        let cached = try await source.news(about: nil)
        #expect(cached.offlineReason != nil)
        #expect(cached.articles == fresh.articles)
    }

    @Test("one feed down with a cached copy: its articles still shown, named as cached; the batch is not offline")
    func oneFeedFromCache() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-feeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let downNow = Locked(false)
        let server = try server { path in
            if path == "/tb", downNow.withLock({ $0 }) { return LacriptaSimulator.HTTPResponse(status: 503) }
            return path == "/tb" ? Self.feed("feed-theblock.xml") : Self.feed("feed-decrypt.xml")
        }
        defer { server.stop() }
        let source = try source([Self.outlet("The Block", server, "/tb"), Self.outlet("Decrypt", server, "/dc")], cache: cache)
        _ = try await source.news(about: nil)
        downNow.withLock { $0 = true }
        let batch = try await source.news(about: nil)
        #expect(batch.offlineReason == nil)
        #expect(batch.articles.contains { $0.source == "The Block" } && batch.articles.contains { $0.source == "Decrypt" })
        #expect(batch.problems.count == 1 && batch.problems[0].hasPrefix("The Block: showing cached articles ("))
    }

    @Test("without CoinGecko the coin is matched as typed, and the note says so in one short clause")
    func topicWithoutCoinList() async throws {
        let topic = try #require(try await source([]).topic(for: "bitcoin", knownCoins: []))
        #expect(topic.symbol == "BITCOIN" && topic.name == "Bitcoin")
        let note = try #require(topic.note)
        #expect(note == "CoinGecko cannot be reached, so the coin list was not checked; matching 'bitcoin' as typed")
    }

    @Test("news for one coin keeps the articles about it: ETH ETFs yes, a Hyperliquid investment no")
    func oneCoin() async throws {
        let server = try server { path in path == "/ct" ? Self.feed("feed-cointelegraph.xml") : Self.feed("feed-theblock.xml") }
        defer { server.stop() }
        let outlets = [Self.outlet("Cointelegraph", server, "/ct"), Self.outlet("The Block", server, "/tb")]
        let batch = try await source(outlets).news(about: NewsTopic(symbol: "ETH", name: "Ethereum"))
        #expect(batch.articles.contains { $0.title.contains("ETH ETFs") })
        #expect(!batch.articles.contains { $0.title.contains("Hyperliquid") })
    }

    @Test("Cointelegraph's per-coin tag feed stands in for its main feed when news is for one coin")
    func tagFeed() throws {
        let url = try #require(URL(string: "https://cointelegraph.com/rss"))
        let main = try #require(FeedOutlet.known(url))
        let tag = try #require(FeedNews.coinFeed(of: main, for: NewsTopic(symbol: "SHIB", name: "Shiba Inu")))
        #expect(tag.url.absoluteString == "https://cointelegraph.com/rss/tag/shiba-inu")
        let local = FeedOutlet(name: "Cointelegraph", url: try #require(URL(string: "http://127.0.0.1:9/rss")))
        #expect(FeedNews.coinFeed(of: local, for: NewsTopic(symbol: "ETH", name: "Ethereum")) == nil)
    }
}
