import Foundation
import LacriptaSimulator
import Testing

/// `lacripta coin --candles --volume` on a real terminal (tmux) at 80×24 and 200×60: candles in
/// both directions, volume bars, hours under a day's chart, and the line naming source and width.
@Suite("candles in a terminal")
struct CandlesInTerminalTests {
    @Test(
        "a day of five-minute candles with volume fits the window, hollow and filled bodies, hours under it",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)), arguments: [(80, 24), (200, 60)])
    func candles(columns: Int, rows: Int) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-candles-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 HOME=\(home.path) XDG_CACHE_HOME=\(home.path)/cache \
            XDG_CONFIG_HOME=\(home.path)/config LACRIPTA_COINGECKO_URL=\(simulator.coinGeckoBaseURL.absoluteString) LACRIPTA_SOURCE=public \
            LACRIPTA_KRAKEN_API_URL=\(simulator.krakenAPIURL.absoluteString) LACRIPTA_COINBASE_API_URL=\(simulator.coinbaseAPIURL.absoluteString) \
            sh -c '"$0" coin btc --days 1 --candles --interval 5m --volume --height \(rows - 16); echo "status=$?"; sleep 60' \
            '\(BinaryRunner.binary.path)'
            """
        let tmux = try await TmuxSession(command: command, columns: columns, rows: rows)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("status=0")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.contains("║") } && lines.contains { $0.contains("█") })
        #expect(lines.contains { $0.contains("▁") || $0.contains("▂") || $0.contains("▃") || $0.contains("▄") })
        #expect(lines.contains { $0.contains(":00") && !$0.contains("$") })
        #expect(lines.contains { $0.hasPrefix("288 5-minute candles of XBT/USD from Kraken, with volume") })
        let axis = try #require(lines.first { $0.contains("└") })
        #expect(axis.count == columns)
    }
}
