import Foundation
import LacriptaSimulator
import Testing

/// `lacripta compare BTC --chart kraken` in a real terminal (tmux) at 80×24: the table, and under
/// it Kraken's ask, bid and last drawn as three lines, as the app lacripta grew from drew one
/// market; a name that is not among the exchanges compared is refused with 64.
@Suite("compare's one-market chart, in a terminal")
struct CompareChartInTerminalTests {
    @Test(
        "compare BTC --chart kraken at 80x24: the table, then Kraken's ask, bid and last with their legend",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)))
    func marketChart() async throws {
        let simulator = try SimulatorHarness.start(exchanges: ExchangeFeeds.Options(seed: 9))
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-compare-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = TmuxSession.keylessCommand(
            "compare BTC --chart kraken", home: home, simulator: simulator, source: nil, extra: try TmuxSession.feedsAndExchanges(of: simulator))
        let tmux = try await TmuxSession(command: command, columns: 80, rows: 24)
        defer { tmux.kill() }

        let screen = try await tmux.waitFor("▲ Kraken ask")
        #expect(screen.contains("▼ bid") && screen.contains("● last"))
        #expect(screen.contains("Coinbase") && screen.contains("Bitfinex"), "the table still lists every exchange")
        #expect(!screen.contains("● Coinbase"), "the chart is Kraken's alone, not every exchange's mid")
        // Every line fits the 80 columns.
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test(
        "--chart names an exchange that is not compared: exit 64 with the ones that are",
        .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
    func notCompared() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-compare-chart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await BinaryRunner.run(
            ["compare", "BTC", "--exchanges", "coinbase,kraken", "--chart", "bitstamp"], environment: BinaryRunner.environment(home: home))
        #expect(result.status == 64)
        #expect(result.stderr.contains("--chart") && result.stderr.contains("coinbase, kraken"))
        #expect(result.stderr.split(separator: "\n").count <= 3)
    }
}
