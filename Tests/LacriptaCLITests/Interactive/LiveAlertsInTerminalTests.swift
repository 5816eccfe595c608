import Foundation
import LacriptaSimulator
import Testing

/// `lacripta live` on a real terminal (tmux) with alerts stored: the symbols with armed alerts are
/// marked, and the streamer's walk crossing a level next to the price flashes the alert under the
/// table.
@Suite("live with alerts, in a terminal")
struct LiveAlertsInTerminalTests {
    @Test(
        "marks symbols with armed alerts and flashes the one the walk fires",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)))
    func marksAndFlashes() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 23, ticksPerSecond: 0))
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-live-alerts-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let streamURL = try #require(simulator.stream?.url)
        let settings = [
            "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "LACRIPTA_API_URL": simulator.restBaseURL.absoluteString, "LACRIPTA_STREAM_URL": streamURL.absoluteString,
            "LACRIPTA_SOURCE": "cryptocompare",
        ]
        let environment = BinaryRunner.environment(home: home, extra: settings)
        let snapshot = try await BinaryRunner.run(["live", "BTC", "--json", "--count", "1"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(snapshot.stdout.utf8)) as? [String: Any])
        let price = try #require(object["price"] as? Double)
        for arguments in [
            ["BTC", "above", String(format: "%.2f", price * 1.0005)], ["BTC", "below", String(format: "%.2f", price * 0.9995)],
            ["ETH", "above", "100000000"],
        ] {
            #expect(try await BinaryRunner.run(["alert", "add"] + arguments, environment: environment).status == 0)
        }
        try #require(simulator.stream as? CryptoCompareStreamer).setTicksPerSecond(40)

        let assignments = settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u NO_COLOR -u FORCE_COLOR -u TMUX \(assignments) \
            sh -c 'trap true INT; "$0" live BTC ETH; echo "exit=$?"; sleep 60' '\(BinaryRunner.binary.path)'
            """
        let tmux = try await TmuxSession(command: command, columns: 110, rows: 20)
        defer { tmux.kill() }

        var screen = try await tmux.waitFor("the marks") { $0.contains("ETH ⚑") && $0.contains("● LIVE") }
        screen = try await tmux.waitFor("an alert fired", timeout: 60) { $0.contains("⚑ ALERT BTC/USD") }
        #expect(AlertWording.saysFired(screen))
        #expect(screen.contains("ETH ⚑"), "ETH's alert is still armed")
        try await tmux.send("C-c")
        screen = try await tmux.waitFor("exit=0")
    }
}
