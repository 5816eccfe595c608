import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCore

/// The CryptoCompare client over the real transport to a scripted server on 127.0.0.1: what the
/// HTTP layer reports (`Retry-After`) reaching the user's error.
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
}
