import Foundation
import LacriptaSimulator
import LacriptaTestSupport
import Testing

/// `lacripta top` over https:// with a private CA: LACRIPTA_CA_FILE reaches the REST client
/// through the same TLS code as the streamer, added to the system roots.
@Suite("lacripta top over TLS", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct RESTOverTLSEndToEndTests {
    /// Runs `lacripta top --json -n 5` against an https server answering the recorded toplist.
    private func run(caFile: String?) async throws -> (BinaryRunner.Result, port: UInt16) {
        let pki = try TestPKI.shared.get()
        let body = try Fixtures.data("toplist-usd-50.json")
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let server = try ScriptedHTTPServer(reply: .pieces([Array(head.utf8), Array(body)]), tls: pki.server)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-rest-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var extra = ["LACRIPTA_API_URL": "https://localhost:\(server.port)"]
        if let caFile { extra["LACRIPTA_CA_FILE"] = caFile }
        let result = try await BinaryRunner.run(["top", "--json", "-n", "5"], environment: BinaryRunner.environment(home: home, extra: extra))
        return (result, server.port)
    }

    @Test("with the CA in LACRIPTA_CA_FILE, top is fetched over https://")
    func trusted() async throws {
        let (result, _) = try await run(caFile: try TestPKI.shared.get().caFile)
        #expect(result.status == 0)
        let coins = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(coins?.count == 5)
        #expect(coins?.first?["symbol"] as? String == "BTC")
    }

    @Test("without it the certificate is refused (69) with a pointer to LACRIPTA_CA_FILE")
    func untrusted() async throws {
        let (result, port) = try await run(caFile: nil)
        #expect(result.status == 69)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("the TLS connection to localhost:\(port) failed"))
        #expect(result.stderr.contains("LACRIPTA_CA_FILE"))
    }
}
