import Foundation
import LacriptaSimulator
import Testing

/// `lacripta live` fires the user's alerts while it streams: the built binary against the
/// simulator's streamer, whose random walk crosses levels set next to the price.
@Suite("lacripta live fires alerts, end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct LiveAlertsEndToEndTests {
    private let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-live-alerts-\(UUID().uuidString)")

    private func environment(_ simulator: Simulator) -> [String: String] {
        var extra = ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString, "CRYPTOCOMPARE_API_KEY": "live-alert-key-0123456789"]
        extra["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        if let stream = simulator.stream?.url { extra["LACRIPTA_STREAM_URL"] = stream.absoluteString }
        return BinaryRunner.environment(home: home, extra: extra)
    }

    @Test("off a terminal: stdout stays NDJSON, each firing is one line on stderr, and the store records exactly those")
    func firesOffTerminal() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 21, ticksPerSecond: 0))
        defer { simulator.stop() }
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = environment(simulator)
        let snapshot = try await BinaryRunner.run(["live", "BTC", "--json", "--count", "1"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(snapshot.stdout.utf8)) as? [String: Any])
        let price = try #require(object["price"] as? Double)
        for (kind, factor) in [("above", 1.0005), ("below", 0.9995)] {
            let added = try await BinaryRunner.run(["alert", "add", "BTC", kind, String(format: "%.2f", price * factor)], environment: environment)
            #expect(added.status == 0, "\(added.stderr)")
        }
        // An alert on a pair live does not stream never fires here.
        #expect(try await BinaryRunner.run(["alert", "add", "ETH", "above", "1"], environment: environment).status == 0)
        try #require(simulator.stream as? CryptoCompareStreamer).setTicksPerSecond(40)

        let live = try await BinaryRunner.run(["live", "BTC", "--json", "--duration", "10"], environment: environment, timeout: 60)
        #expect(live.status == 0, "\(live.stderr)")
        let lines = live.stdout.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, "alerts never reach stdout")
        let told = live.stderr.split(separator: "\n").filter { $0.contains("  BTC/USD  ") && AlertWording.saysFired($0) }
        #expect(!told.isEmpty, "the walk crosses a level 0.05 % away within 400 ticks: \(live.stderr)")

        let listed = try await BinaryRunner.run(["alert", "--json"], environment: environment)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let fired = rows.filter { $0["state"] as? String == "fired" }
        #expect(fired.count == told.count, "each firing is recorded once and told once")
        #expect(fired.allSatisfy { $0["symbol"] as? String == "BTC" })
        for row in fired {
            let id = try #require(row["id"] as? Int)
            #expect(told.contains { $0.contains("(alert \(id))") })
        }
    }
}
