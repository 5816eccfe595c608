import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCore

/// The CryptoCompare client over the real transport to a scripted server on 127.0.0.1: what the
/// HTTP layer reports (`Retry-After`, 304 Not Modified) reaching the user's error or data.
@Suite("CryptoCompare client over real sockets")
struct RESTOverSocketsTests {
    /// The client's clock: fixed, so an HTTP-date turns into an exact number of seconds.
    private static let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// A client for `server`, with a key, its clock at `now`, and a cache when given one.
    private func client(_ server: HTTPServer, cache: URL? = nil) throws -> CryptoCompareClient {
        let configuration = Configuration(
            apiKey: APIKey("k3y-value"), apiBaseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")),
            streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: cache ?? FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-unused-\(UUID().uuidString)"))
        return CryptoCompareClient(
            configuration: configuration, transport: NativeHTTPTransport(), cache: cache.map(ResponseCache.init(directory:)), now: { Self.now })
    }

    /// The error ETH news ends with.
    private func newsError(_ client: CryptoCompareClient) async throws -> LacriptaError {
        do {
            _ = try await client.news(category: "ETH")
        } catch let error as LacriptaError {
            return error
        }
        throw ExpectedAnError()
    }

    /// A request that should have failed succeeded.
    private struct ExpectedAnError: Error {}

    @Test("a 429's Retry-After becomes the cooldown the rate-limit message advises")
    func rateLimited() async throws {
        let server = try HTTPServer { _ in LacriptaSimulator.HTTPResponse(status: 429, headers: HTTPHeaders([("Retry-After", "90")])) }
        defer { server.stop() }
        let error = try await newsError(try client(server))
        #expect(error == .rateLimited(.init(cooldownSeconds: 90)))
        #expect(error.exitCode == .rateLimited)
        #expect(error.userMessage.contains("retry in 2 minutes"))
    }

    @Test("a 503's Retry-After date is told in seconds from now, and the outage still falls back to the cache")
    func unavailable() async throws {
        let date = HTTPDate.format(Self.now.addingTimeInterval(30))
        let server = try HTTPServer { _ in
            LacriptaSimulator.HTTPResponse(status: 503, headers: HTTPHeaders([("Retry-After", date)]), body: Array("busy".utf8))
        }
        defer { server.stop() }
        let error = try await newsError(try client(server))
        #expect(error == .unavailable("CryptoCompare answered HTTP 503 for /data/v2/news/ and asks to retry in 30 s"))
        #expect(error.allowsOfflineFallback)
    }

    /// A server answering ETH news with `etag` (and a Last-Modified), or 304 to a request whose
    /// If-None-Match is `etag`; `log` records every request's headers.
    private func newsServer(etag: String, log: Locked<[HTTPHeaders]>) throws -> HTTPServer {
        let body = Array(try RecordedFixture.data("news-eth.json"))
        return try HTTPServer { request in
            log.withLock { $0.append(request.headers) }
            if request.headers["If-None-Match"] == etag {
                return LacriptaSimulator.HTTPResponse(status: 304, headers: HTTPHeaders([("ETag", etag)]))
            }
            let headers = HTTPHeaders([("Content-Type", "application/json"), ("ETag", etag), ("Last-Modified", Self.lastModified)])
            return LacriptaSimulator.HTTPResponse(status: 200, headers: headers, body: body)
        }
    }

    private static let lastModified = "Sun, 06 Nov 1994 08:49:37 GMT"

    @Test("a cached answer is revalidated: the 304 serves it as fresh data, and its validators stay stored")
    func notModified() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-conditional-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let log = Locked<[HTTPHeaders]>([])
        let server = try newsServer(etag: "\"n1\"", log: log)
        defer { server.stop() }
        let client = try client(server, cache: cache)
        let first = try await client.news(category: "ETH")
        let second = try await client.news(category: "ETH")
        #expect(!second.isOffline)
        #expect(second.fetchedAt == Self.now)
        #expect(second.value.count == first.value.count && second.value.count == 18)
        let requests = log.withLock { $0 }
        #expect(requests.count == 2)
        #expect(requests.first?["If-None-Match"] == nil && requests.first?["If-Modified-Since"] == nil)
        #expect(requests.last?["If-None-Match"] == "\"n1\"")
        #expect(requests.last?["If-Modified-Since"] == Self.lastModified)
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        #expect(ResponseCache(directory: cache).load(Endpoint.news(category: "ETH"), base: base)?.validators.etag == "\"n1\"")
    }

    @Test("a 304 for a cached body that no longer decodes is asked again without validators")
    func notModifiedButUnreadable() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-conditional-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let log = Locked<[HTTPHeaders]>([])
        let server = try newsServer(etag: "\"old\"", log: log)
        defer { server.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        ResponseCache(directory: cache).store(
            Data("not news".utf8), validators: HTTPValidators(etag: "\"old\""), for: Endpoint.news(category: "ETH"), base: base)
        let fetched = try await client(server, cache: cache).news(category: "ETH")
        #expect(!fetched.isOffline && fetched.value.count == 18)
        let requests = log.withLock { $0 }
        #expect(requests.map { $0["If-None-Match"] } == ["\"old\"", nil])
    }
}
