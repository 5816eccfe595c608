import Foundation
import LacriptaNet
import Testing

@testable import LacriptaCore

/// Cached data stands in only for a service that is out of reach, and only for the same service:
/// a wrong address, an oversized answer or another base URL is an error the user must see.
@Suite("Offline fallback")
struct OfflineFallbackTests {
    private let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-offline-\(UUID().uuidString)")

    private func client(base: String, _ answers: [Result<HTTPResponse, NetError>]) throws -> CryptoCompareClient {
        let configuration = Configuration(
            apiBaseURL: try #require(URL(string: base)), streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: cacheDirectory)
        return CryptoCompareClient(
            configuration: configuration, transport: ScriptedTransport(answers), cache: ResponseCache(directory: cacheDirectory))
    }

    private func news() throws -> Result<HTTPResponse, NetError> {
        .success(HTTPResponse(status: 200, body: try RecordedFixture.data("news-eth.json")))
    }

    /// The error `client` throws for ETH news, after a good answer was cached under `cachedFrom`.
    private func failure(after cachedFrom: String, at base: String, _ answer: Result<HTTPResponse, NetError>) async throws -> LacriptaError? {
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        _ = try await client(base: cachedFrom, [try news()]).news(category: "ETH")
        do {
            let fetched = try await client(base: base, [answer]).news(category: "ETH")
            Issue.record("served \(fetched.isOffline ? "cached" : "fresh") data")
            return nil
        } catch let error as LacriptaError {
            return error
        }
    }

    @Test("data cached from one server is never served for another")
    func keyedByBaseURL() async throws {
        let error = try await failure(after: "http://127.0.0.1:8088", at: "http://127.0.0.1:9099", .failure(NetError(.connectionRefused)))
        #expect(error == .unavailable("cannot connect to 127.0.0.1:9099"))
    }

    @Test("two spellings of one base URL share the cache")
    func sameServerSpelledTwice() async throws {
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        _ = try await client(base: "http://127.0.0.1:80/proxy", [try news()]).news(category: "ETH")
        let stale = try await client(base: "HTTP://127.0.0.1/proxy/", [.failure(NetError(.timedOut))]).news(category: "ETH")
        #expect(stale.isOffline)
        #expect(ResponseCache.canonical(try #require(URL(string: "http://a/x"))) != ResponseCache.canonical(try #require(URL(string: "http://a/y"))))
    }

    @Test(
        "'Path does not exist' and HTTP 404 are a wrong address (64), not an outage",
        arguments: [
            HTTPResponse(status: 200, body: Data(#"{"Response":"Error","Message":"Path does not exist","Type":0}"#.utf8)),
            HTTPResponse(status: 404, body: Data("<html>Not Found</html>".utf8)),
            HTTPResponse(status: 410, body: Data()),
        ])
    func wrongAddress(response: HTTPResponse) async throws {
        let base = "http://127.0.0.1:8088/wrong"
        let error = try #require(try await failure(after: base, at: base, .success(response)))
        #expect(error.exitCode == .usage)
        #expect(error.userMessage.contains("check LACRIPTA_API_URL"))
        #expect(!error.allowsOfflineFallback)
    }

    @Test("other 4xx answers are errors without fallback")
    func clientErrors() async throws {
        let base = "http://127.0.0.1:8088"
        let error = try #require(try await failure(after: base, at: base, .success(HTTPResponse(status: 400, body: Data()))))
        #expect(error.exitCode == .failure)
        #expect(error.userMessage.contains("HTTP 400"))
    }

    @Test("an answer over the size limit is bad data (65), not 'cannot reach'")
    func tooLarge() async throws {
        let base = "http://127.0.0.1:8088"
        let error = try #require(try await failure(after: base, at: base, .failure(NetError(.responseTooLarge(limit: 16 << 20)))))
        #expect(error.exitCode == .dataError)
        #expect(error.userMessage.contains("larger than 16 MiB"))
        #expect(!error.userMessage.contains("cannot reach"))
    }

    @Test("a CA bundle that does not load is a local mistake (64)")
    func caFile() async throws {
        let base = "http://127.0.0.1:8088"
        let error = try #require(try await failure(after: base, at: base, .failure(NetError(.caFileUnreadable))))
        #expect(error.exitCode == .usage)
        #expect(error.userMessage.hasPrefix("LACRIPTA_CA_FILE"))
    }
}
