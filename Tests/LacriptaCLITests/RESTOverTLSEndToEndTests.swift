import Foundation
import LacriptaSimulator
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import Testing

/// lacripta over https:// and wss:// with a private CA: LACRIPTA_CA_FILE reaches the REST client
/// through the same TLS code as the streamer, added to the system roots; and every TLS failure is
/// told by its cause in one wording, whichever path met it, with the CA file suggested only for
/// an untrusted certificate (trusting another CA is no fix for a wrong host or an expired
/// certificate).
@Suite("lacripta over TLS", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct RESTOverTLSEndToEndTests {
    /// The certificate a test server presents.
    enum Certificate: CaseIterable {
        case untrusted, otherHost, expired
    }

    /// The identity for `certificate`, and whether the client trusts the test CA for it.
    private func identity(_ certificate: Certificate) throws -> (WebSocketServer.TLSIdentity, trustsCA: Bool) {
        let pki = try TestPKI.shared.get()
        switch certificate {
        case .untrusted: return (pki.server, false)
        case .otherHost: return (pki.otherHost, true)
        case .expired: return (pki.expired, true)
        }
    }

    /// Runs `lacripta arguments…` with `extra` and, when asked, the test CA trusted.
    private func run(_ arguments: [String], extra: [String: String], trustsCA: Bool) async throws -> BinaryRunner.Result {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-rest-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var extra = extra
        if trustsCA { extra["LACRIPTA_CA_FILE"] = try TestPKI.shared.get().caFile }
        return try await BinaryRunner.run(arguments, environment: BinaryRunner.environment(home: home, extra: extra))
    }

    /// Runs `lacripta top --json -n 5` against an https server answering the recorded toplist.
    private func top(_ identity: WebSocketServer.TLSIdentity, trustsCA: Bool) async throws -> (BinaryRunner.Result, port: UInt16) {
        let body = try Fixtures.data("toplist-usd-50.json")
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let server = try ScriptedHTTPServer(reply: .pieces([Array(head.utf8), Array(body)]), tls: identity)
        defer { server.stop() }
        let result = try await run(
            ["top", "--json", "-n", "5"], extra: ["LACRIPTA_API_URL": "https://localhost:\(server.port)"], trustsCA: trustsCA)
        return (result, server.port)
    }

    /// What stderr must say of `certificate` on `host`, and whether it may suggest the CA file.
    private func expectCause(_ stderr: String, _ certificate: Certificate, host: String) {
        switch certificate {
        case .untrusted:
            #expect(stderr.contains("the TLS certificate of \(host) is not trusted"))
            #expect(stderr.contains("LACRIPTA_CA_FILE"))
        case .otherHost:
            #expect(stderr.contains("the TLS certificate of \(host) is for another host name"))
            #expect(!stderr.contains("CA_FILE"), "a CA file is no fix for a certificate of another host")
        case .expired:
            #expect(stderr.contains("the TLS certificate of \(host) has expired or is not yet valid"))
            #expect(!stderr.contains("CA_FILE"), "a CA file is no fix for an expired certificate")
        }
    }

    @Test("with the CA in LACRIPTA_CA_FILE, top is fetched over https://")
    func trusted() async throws {
        let (result, _) = try await top(try TestPKI.shared.get().server, trustsCA: true)
        #expect(result.status == 0)
        let coins = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(coins?.count == 5)
        #expect(coins?.first?["symbol"] as? String == "BTC")
    }

    @Test("REST: each TLS failure exits 69 naming its cause", arguments: Certificate.allCases)
    func rest(certificate: Certificate) async throws {
        let (identity, trustsCA) = try identity(certificate)
        let (result, port) = try await top(identity, trustsCA: trustsCA)
        #expect(result.status == 69)
        #expect(result.stdout == "")
        expectCause(result.stderr, certificate, host: "localhost:\(port)")
    }

    @Test("a news feed: each TLS failure is named by its cause", arguments: Certificate.allCases)
    func feed(certificate: Certificate) async throws {
        let (identity, trustsCA) = try identity(certificate)
        let server = try ScriptedHTTPServer(reply: .pieces([Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)]), tls: identity)
        defer { server.stop() }
        let result = try await run(
            ["news", "--source", "public"], extra: ["LACRIPTA_NEWS_FEEDS": "https://localhost:\(server.port)/rss.xml"],
            trustsCA: trustsCA)
        #expect(result.status == 69)
        expectCause(result.stderr, certificate, host: "localhost:\(server.port)")
    }

    @Test("wss://: each TLS failure is named by its cause, in the same words", arguments: Certificate.allCases)
    func webSocket(certificate: Certificate) async throws {
        let (identity, trustsCA) = try identity(certificate)
        let server = try WebSocketServer(tls: identity)
        defer { server.stop() }
        let result = try await run(
            ["compare", "BTC", "--exchanges", "coinbase", "--duration", "20"],
            extra: ["LACRIPTA_COINBASE_URL": server.url(path: "/", host: "localhost").absoluteString], trustsCA: trustsCA)
        #expect(result.status == 69)
        expectCause(result.stderr, certificate, host: "localhost:\(server.port)")
    }
}
