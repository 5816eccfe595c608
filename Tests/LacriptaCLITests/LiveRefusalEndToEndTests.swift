import Foundation
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import Testing

/// `live` against an upgrade that is refused for good, over real sockets: it ends with the
/// right code after one attempt instead of reconnecting for ever.
@Suite("live refused end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct LiveRefusalEndToEndTests {
    @Test("401 or 403 on the upgrade exits 77 after one attempt", arguments: ["401 Unauthorized", "403 Forbidden"])
    func refusedUpgrade(status: String) async throws {
        let head = "HTTP/1.1 \(status)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        let server = try ScriptedHTTPServer(reply: .pieces([Array(head.utf8)]))
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-refused-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = BinaryRunner.environment(home: home, extra: ["LACRIPTA_STREAM_URL": "ws://127.0.0.1:\(server.port)/v2"])
        let result = try await BinaryRunner.run(["live", "BTC", "--count", "1"], environment: environment, timeout: 60)
        #expect(result.status == 77)
        #expect(result.stderr.contains("CRYPTOCOMPARE_API_KEY"))
        #expect(server.requestHeads.count == 1)
    }
}
