import Foundation
import LacriptaNet
import Testing

@testable import LacriptaCore

@Suite("CryptoCompare client")
struct CryptoCompareClientTests {
    private func configuration(key: String? = "k3y-value", cache: URL) throws -> Configuration {
        Configuration(
            apiKey: key.flatMap(APIKey.init), apiBaseURL: try #require(URL(string: "http://127.0.0.1:1")),
            streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")), cacheDirectory: cache)
    }

    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-tests-\(UUID().uuidString)")
    }

    private func ok(_ fixture: String) throws -> Result<HTTPResponse, NetError> {
        .success(HTTPResponse(status: 200, body: try RecordedFixture.data(fixture)))
    }

    @Test("the key travels in the authorization header, never in the URL")
    func keyInHeader() async throws {
        let transport = ScriptedTransport([try ok("toplist-usd-50.json")])
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let client = CryptoCompareClient(configuration: try configuration(cache: dir), transport: transport, cache: ResponseCache(directory: dir))
        _ = try await client.toplist(currency: "USD", limit: 50)
        let request = try #require(transport.requests.first)
        #expect(request.credentials["authorization"] == "Apikey k3y-value", "a credential, so no redirect takes it elsewhere")
        #expect(request.headers["authorization"] == nil)
        #expect(!request.url.absoluteString.contains("k3y-value"))
        #expect(request.url.path == "/data/top/totaltoptiervolfull")
    }

    @Test("limits below the API's minimum page are asked as 10 and trimmed locally")
    func limitTrim() async throws {
        let transport = ScriptedTransport([try ok("toplist-usd-50.json")])
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let client = CryptoCompareClient(configuration: try configuration(cache: dir), transport: transport, cache: ResponseCache(directory: dir))
        let list = try await client.toplist(currency: "USD", limit: 3).value
        let recorded = try ToplistResponse.decode(RecordedFixture.data("toplist-usd-50.json"), currency: "USD", rankOffset: 0)
        #expect(list.coins == Array(recorded.coins.prefix(3)))
        #expect(transport.requests.first?.url.query?.contains("limit=10") == true)
    }

    @Test("when the network fails, the last good answer is served and marked offline")
    func offlineFallback() async throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let transport = ScriptedTransport([try ok("news-eth.json"), .failure(NetError(.timedOut))])
        let client = CryptoCompareClient(configuration: try configuration(cache: dir), transport: transport, cache: ResponseCache(directory: dir))
        let fresh = try await client.news(category: "ETH")
        #expect(!fresh.isOffline)
        let stale = try await client.news(category: "ETH")
        #expect(stale.isOffline)
        #expect(stale.value.count == 18)
        #expect(stale.offlineReason?.userMessage.contains("did not answer within 15 s") == true)
    }

    @Test("without a cache a network failure is an unavailable error (69)")
    func noCache() async throws {
        let dir = temporaryDirectory()
        let client = CryptoCompareClient(
            configuration: try configuration(cache: dir), transport: ScriptedTransport([.failure(NetError(.connectionRefused))]))
        await #expect(throws: LacriptaError.unavailable("cannot connect to 127.0.0.1:1")) {
            _ = try await client.news(category: nil)
        }
    }

    @Test("an answer that is not a usable HTTP response is 'cannot reach' in the transport's words, naming the host that failed")
    func transportWords() async throws {
        let mirror = try #require(URL(string: "https://mirror.example:8443/data/v2/news/?lang=EN"))
        let transport = ScriptedTransport([.failure(NetError(.truncatedResponse)), .failure(NetError(.connectionRefused, url: mirror))])
        let client = CryptoCompareClient(configuration: try configuration(cache: temporaryDirectory()), transport: transport)
        await #expect(
            throws: LacriptaError.unavailable("cannot reach 127.0.0.1:1: the server closed the connection before the answer was complete")
        ) { _ = try await client.news(category: nil) }
        await #expect(throws: LacriptaError.unavailable("cannot connect to mirror.example:8443")) { _ = try await client.news(category: nil) }
    }

    @Test("a redirect the transport refuses is the configured service's doing, and says where it pointed")
    func refusedRedirect() async throws {
        let downgrade = try #require(URL(string: "http://mirror.example/data/v2/news/?lang=EN"))
        let transport = ScriptedTransport([.failure(NetError(.insecureRedirect, url: downgrade))])
        let client = CryptoCompareClient(configuration: try configuration(cache: temporaryDirectory()), transport: transport)
        await #expect(
            throws: LacriptaError.unavailable("cannot reach 127.0.0.1:1: refused a redirect from https:// to http://mirror.example/data/v2/news/")
        ) { _ = try await client.news(category: nil) }
    }

    @Test("error envelopes are never cached and never served as offline data")
    func errorsNotCached() async throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let transport = ScriptedTransport([try ok("error-ratelimit.json"), .failure(NetError(.connectionRefused))])
        let client = CryptoCompareClient(configuration: try configuration(cache: dir), transport: transport, cache: ResponseCache(directory: dir))
        await #expect(throws: LacriptaError.self) { _ = try await client.news(category: "ETH") }
        await #expect(throws: LacriptaError.unavailable("cannot connect to 127.0.0.1:1")) {
            _ = try await client.news(category: "ETH")
        }
    }

    @Test("undecodable JSON names the endpoint and field (65)")
    func badData() async throws {
        let dir = temporaryDirectory()
        let body = Data(#"{"Data":[{"CoinInfo":{"FullName":"x"}}]}"#.utf8)
        let client = CryptoCompareClient(
            configuration: try configuration(cache: dir), transport: ScriptedTransport([.success(HTTPResponse(status: 200, body: body))]))
        do {
            _ = try await client.toplist(currency: "USD", limit: 10)
            Issue.record("expected bad data")
        } catch let error as LacriptaError {
            #expect(error.exitCode == .dataError)
            #expect(error.userMessage.contains("/data/top/totaltoptiervolfull: Data[0].CoinInfo.Name: missing field"))
        }
    }

    @Test("news categories come from a fresh cache without a request")
    func categoriesCached() async throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let transport = ScriptedTransport([try ok("news-categories.json")])
        let client = CryptoCompareClient(configuration: try configuration(cache: dir), transport: transport, cache: ResponseCache(directory: dir))
        _ = try await client.newsCategories()
        let again = try await client.newsCategories()
        #expect(transport.requests.count == 1)
        #expect(!again.value.isEmpty)
    }
}
