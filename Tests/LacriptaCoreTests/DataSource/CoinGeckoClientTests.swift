import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCore

/// The CoinGecko client over real sockets to a fake on 127.0.0.1: what it sends (agent, key,
/// paths), how it spends the keyless limit (reuse, 304s), and how each failure reaches the user.
@Suite("CoinGecko client over real sockets")
struct CoinGeckoClientTests {
    /// The cache dates its entries by the files' real modification times, so the client's clock
    /// starts at the real time and the tests move it forward from there.
    private static let now = Date()

    /// A fake CoinGecko whose handler also records every request.
    private final class Fake: Sendable {
        let server: HTTPServer
        let requests = Locked<[LacriptaSimulator.HTTPRequest]>([])

        init(_ answer: @escaping @Sendable (LacriptaSimulator.HTTPRequest) -> LacriptaSimulator.HTTPResponse) throws {
            let requests = self.requests
            server = try HTTPServer { request in
                requests.withLock { $0.append(request) }
                return answer(request)
            }
        }

        var base: URL { URL(string: "http://127.0.0.1:\(server.port)/api/v3") ?? URL(fileURLWithPath: "/") }
        var seen: [LacriptaSimulator.HTTPRequest] { requests.withLock { $0 } }
    }

    private static func json(_ name: String, status: Int = 200, headers: [(String, String)] = []) -> LacriptaSimulator.HTTPResponse {
        let body = (try? RecordedFixture.data(name)).map(Array.init) ?? []
        return LacriptaSimulator.HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")] + headers), body: body)
    }

    private func client(
        _ fake: Fake, key: String? = nil, cache: URL? = nil, now: @escaping @Sendable () -> Date = { Self.now }
    ) throws
        -> CoinGeckoClient
    {
        let configuration = Configuration(
            apiBaseURL: try #require(URL(string: "http://127.0.0.1:1")), streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: cache ?? FileManager.default.temporaryDirectory, coinGeckoBaseURL: fake.base, coinGeckoKey: key.flatMap(APIKey.init))
        return CoinGeckoClient(
            configuration: configuration, transport: NativeHTTPTransport(), cache: cache.map(ResponseCache.init(directory:)), now: now)
    }

    private func failure(_ body: () async throws -> some Any) async -> LacriptaError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? LacriptaError
        }
    }

    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-cg-\(UUID().uuidString)")
    }

    @Test("the toplist is one request to /coins/markets, ranked by market cap, with lacripta's agent and no key")
    func toplist() async throws {
        let fake = try Fake { _ in Self.json("coingecko-markets-usd.json") }
        defer { fake.server.stop() }
        // The recorded page has three coins; the limit trims it.
        let list = try await client(fake).toplist(currency: "USD", limit: 2).value
        #expect(list.coins.map(\.symbol) == ["BTC", "ETH"])
        #expect(list.coins.first?.symbol == "BTC" && list.coins.first?.sourceID == "bitcoin")
        let request = try #require(fake.seen.first)
        #expect(fake.seen.count == 1)
        #expect(request.path == "/api/v3/coins/markets")
        #expect(request.queryValue("vs_currency") == "usd" && request.queryValue("per_page") == "2")
        #expect(request.queryValue("price_change_percentage") == "1h,24h,7d")
        #expect(request.headers["User-Agent"] == LacriptaVersion.userAgent)
        #expect(request.headers["x-cg-demo-api-key"] == nil)
        #expect(!request.target.contains("api_key"))
    }

    @Test("a demo key travels in its header only, never in the URL")
    func demoKey() async throws {
        let fake = try Fake { _ in Self.json("coingecko-markets-usd.json") }
        defer { fake.server.stop() }
        _ = try await client(fake, key: "CG-demo-secret").toplist(currency: "EUR", limit: 3)
        let request = try #require(fake.seen.first)
        #expect(request.headers["x-cg-demo-api-key"] == "CG-demo-secret")
        #expect(!request.target.contains("CG-demo-secret"))
    }

    @Test("a toplist younger than 30 s is reused without a request; an older one is revalidated")
    func reuse() async throws {
        let cache = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let fake = try Fake { request in
            if request.headers["If-None-Match"] == "\"m1\"" {
                return LacriptaSimulator.HTTPResponse(status: 304, headers: HTTPHeaders([("ETag", "\"m1\"")]))
            }
            return Self.json("coingecko-markets-usd.json", headers: [("ETag", "\"m1\"")])
        }
        defer { fake.server.stop() }
        let clock = Locked(Self.now)
        let client = try client(fake, cache: cache, now: { clock.withLock { $0 } })
        _ = try await client.toplist(currency: "USD", limit: 10)
        _ = try await client.toplist(currency: "USD", limit: 10)
        #expect(fake.seen.count == 1)
        clock.withLock { $0 = Self.now.addingTimeInterval(120) }
        let again = try await client.toplist(currency: "USD", limit: 10)
        #expect(fake.seen.count == 2)
        #expect(fake.seen.last?.headers["If-None-Match"] == "\"m1\"")
        #expect(again.value.coins.count == 3 && !again.isOffline)
    }

    @Test("429 with Retry-After exits 75 and says when to retry", arguments: [("119", "retry in 2 minutes"), (nil, "retry in a minute")])
    func rateLimited(retryAfter: String?, advice: String) async throws {
        let fake = try Fake { _ in Self.json("coingecko-error-429.json", status: 429, headers: retryAfter.map { [("Retry-After", $0)] } ?? []) }
        defer { fake.server.stop() }
        let error = try #require(await failure { try await client(fake).toplist(currency: "USD", limit: 10) })
        #expect(error.exitCode == .rateLimited)
        #expect(error.userMessage.contains("CoinGecko rate limit reached: \(advice)"))
        #expect(error.userMessage.contains("COINGECKO_API_KEY"))
        #expect(!error.userMessage.contains("coingecko.com/en/api/pricing"))
    }

    @Test(
        "failures map to the right exit codes",
        arguments: [
            ("coingecko-error-404-coin.json", 404, ExitCode.dataError),
            ("coingecko-error-401-history.json", 401, ExitCode.usage),
            ("coingecko-error-401-key-missing.json", 401, ExitCode.authentication),
            ("coingecko-error-403-user-agent.json", 403, ExitCode.failure),
            ("coingecko-error-cloudflare.html", 403, ExitCode.unavailable),
        ])
    func failures(fixture: String, status: Int, code: ExitCode) async throws {
        let fake = try Fake { _ in Self.json(fixture, status: status) }
        defer { fake.server.stop() }
        let error = try #require(await failure { try await client(fake).detail(id: "no-such-coin", currency: "USD") })
        #expect(error.exitCode == code)
    }

    @Test("an unknown currency is bad data naming the currency")
    func unknownCurrency() async throws {
        let fake = try Fake { _ in Self.json("coingecko-error-400-vs-currency.json", status: 400) }
        defer { fake.server.stop() }
        let error = try #require(await failure { try await client(fake).toplist(currency: "XYZ", limit: 10) })
        #expect(error.exitCode == .dataError)
        #expect(error.userMessage.contains("XYZ"))
    }

    @Test("an outage serves the cached toplist, marked offline, naming CoinGecko's setting")
    func offline() async throws {
        let cache = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let up = Locked(true)
        let fake = try Fake { _ in up.withLock { $0 } ? Self.json("coingecko-markets-usd.json") : LacriptaSimulator.HTTPResponse(status: 503) }
        defer { fake.server.stop() }
        let clock = Locked(Self.now)
        let client = try client(fake, cache: cache, now: { clock.withLock { $0 } })
        _ = try await client.toplist(currency: "USD", limit: 10)
        up.withLock { $0 = false }
        clock.withLock { $0 = Self.now.addingTimeInterval(600) }
        let fetched = try await client.toplist(currency: "USD", limit: 10)
        #expect(fetched.isOffline && fetched.value.coins.count == 3)
        #expect(fetched.offlineReason?.userMessage.contains("LACRIPTA_COINGECKO_URL") == true)
    }

    @Test("an id cannot climb out of its path segment")
    func idIsOneSegment() throws {
        let base = try #require(URL(string: "https://api.example/api/v3"))
        #expect(CoinGeckoEndpoint.coin(id: "../../x?y").url(base: base).path.hasPrefix("/api/v3/coins/"))
        #expect(!CoinGeckoEndpoint.coin(id: "../../x?y").url(base: base).absoluteString.contains("?y"))
    }
}
