import Foundation
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import Testing

/// The keys lacripta sends (CryptoCompare's `authorization`, CoinGecko's demo key) stay with the
/// origin the user configured: a service that redirects to another port of the same host, or
/// another host, receives the request without them. Run with the built binary, so the header each
/// client sets is the one checked.
@Suite("Keys never follow a redirect to another origin", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct CredentialRedirectEndToEndTests {
    /// Runs `lacripta arguments…` with `environment`, the configured service redirecting every
    /// request to a second server on another port of 127.0.0.1; returns the heads that second
    /// server received.
    private func headsElsewhere(_ arguments: [String], environment: (URL) -> [String: String]) async throws -> [String] {
        let body = Array("{}".utf8)
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let elsewhere = try ScriptedHTTPServer(reply: .pieces([Array(answer.utf8) + body]))
        defer { elsewhere.stop() }
        let moved = "HTTP/1.1 302 Found\r\nLocation: \(elsewhere.url(path: "/moved"))\r\nContent-Length: 0\r\n\r\n"
        let configured = try ScriptedHTTPServer(reply: .pieces([Array(moved.utf8)]))
        defer { configured.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-redirect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await BinaryRunner.run(
            arguments, environment: BinaryRunner.environment(home: home, extra: environment(configured.url(path: ""))))
        #expect(!configured.requestHeads.isEmpty, "lacripta asked the configured service first")
        return elsewhere.requestHeads
    }

    @Test("CoinGecko's demo key is not sent to another port")
    func coinGeckoKey() async throws {
        let heads = try await headsElsewhere(["top", "--source", "public"]) { base in
            ["LACRIPTA_COINGECKO_URL": base.absoluteString, "COINGECKO_API_KEY": "CG-secret-demo-key"]
        }
        let head = try #require(heads.first, "the redirect was followed")
        #expect(!head.lowercased().contains("x-cg-demo-api-key"))
        #expect(!heads.joined().contains("CG-secret-demo-key"))
        #expect(head.lowercased().contains("user-agent: lacripta"), "the request still names itself")
    }

    @Test("CryptoCompare's key is not sent to another port")
    func cryptoCompareKey() async throws {
        let heads = try await headsElsewhere(["top", "--source", "cryptocompare"]) { base in
            ["LACRIPTA_API_URL": base.absoluteString, "CRYPTOCOMPARE_API_KEY": "cc-secret-key-0123"]
        }
        let head = try #require(heads.first, "the redirect was followed")
        #expect(!head.lowercased().contains("authorization"))
        #expect(!heads.joined().contains("cc-secret-key-0123"))
    }
}
