import Foundation
import LacriptaSimulator
import LacriptaTestSupport
import Testing

/// Every WebSocket upgrade lacripta sends names it in `User-Agent`, as its REST requests do:
/// the streamer's with a key and an exchange's without one. Run with the built binary against a
/// server that records the upgrade and then says nothing.
@Suite("WebSocket upgrades name lacripta", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct UpgradeUserAgentEndToEndTests {
    /// The upgrade headers of the first connection `lacripta arguments…` opens to a server that
    /// `setting` points at. The run is long (`--duration 300`) and interrupted once the upgrade
    /// came: a short one could end, under a loaded machine, before it had connected at all.
    private func upgradeHeaders(
        _ arguments: [String], setting: String, extra: [String: String] = [:]
    ) async throws
        -> [(name: String, value: String)]
    {
        let server = try WebSocketServer()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-ua-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = extra
        environment[setting] = server.url(path: "/").absoluteString
        let child = try ChildProcessGroup(
            BinaryRunner.binary.path, arguments + ["--duration", "300"], environment: BinaryRunner.environment(home: home, extra: environment))
        let connection = await server.nextConnection()
        child.send(SIGINT)
        _ = try await ChildProcessGroup.offPool { child.waitForExit(timeout: 60) }
        return try #require(connection, "lacripta connected").requestHeaders
    }

    private func userAgent(_ headers: [(name: String, value: String)]) -> String? {
        headers.first { $0.name.lowercased() == "user-agent" }?.value
    }

    @Test("the CryptoCompare streamer's upgrade")
    func streamer() async throws {
        let headers = try await upgradeHeaders(
            ["live", "BTC"], setting: "LACRIPTA_STREAM_URL", extra: ["CRYPTOCOMPARE_API_KEY": "k"])
        #expect(userAgent(headers)?.hasPrefix("lacripta/") == true)
    }

    @Test("an exchange's upgrade without a key")
    func exchange() async throws {
        let headers = try await upgradeHeaders(["compare", "BTC", "--exchanges", "coinbase"], setting: "LACRIPTA_COINBASE_URL")
        #expect(userAgent(headers)?.hasPrefix("lacripta/") == true)
    }
}
