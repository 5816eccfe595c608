import Foundation
import LacriptaSimulator
import Testing

/// The coin detail's line/candles toggle and whole-history range in a real terminal (tmux) at
/// 80×24 and 200×60, keyless: c draws Kraken's candles for the range, m the whole history (as
/// candles, then as the line that says where CoinGecko's history stops), and a resize redraws.
@Suite("full-screen view: a coin's candles and whole history, in a terminal")
struct CoinDetailCandlesInTerminalTests {
    @Test(
        "c toggles candles, m shows the whole history, ? names both keys, a resize redraws the candles",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)), arguments: [(80, 24), (200, 60)])
    func candlesAndMax(columns: Int, rows: Int) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-detail-candles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = TmuxSession.keylessCommand(
            "top --interactive --limit 20", home: home, simulator: simulator,
            extra: [
                "LACRIPTA_KRAKEN_API_URL": simulator.krakenAPIURL.absoluteString,
                "LACRIPTA_COINBASE_API_URL": simulator.coinbaseAPIURL.absoluteString,
            ])
        let tmux = try await TmuxSession(command: command, columns: columns, rows: rows)
        defer { tmux.kill() }

        try await tmux.waitFor("Bitcoin")
        try await tmux.send("i")
        try await tmux.waitFor("30 days of hourly prices in USD")
        try await tmux.send("c")
        var screen = try await tmux.waitFor("candles of XBT/USD from Kraken")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("candles · ") && lines[0].contains("[30d]"))
        #expect(lines.contains { $0.contains("║") } && lines.contains { $0.contains("█") })
        #expect(lines.contains { $0.contains("4-hour candles of XBT/USD from Kraken") })
        #expect(lines.allSatisfy { $0.count <= columns })
        if rows >= 40 { #expect(lines.contains { $0.contains("with volume") }, "room for volume bars") }

        try await tmux.send("m")
        screen = try await tmux.waitFor("daily candles of XBT/USD")
        #expect(screen.split(separator: "\n").first?.contains("[max]") == true)
        #expect(screen.contains("history stops there: Kraken gives its latest 720"))
        try await tmux.send("c")
        screen = try await tmux.waitFor("of daily closes in USD")
        #expect(screen.contains("all history since") && !screen.contains("candles · "))
        #expect(screen.contains("history stops there: CoinGecko's public API gives 365 days"))

        try await tmux.send("?")
        screen = try await tmux.waitFor("line or candles")
        #expect(screen.contains("chart of the whole history"))
        try await tmux.send("Escape")
        try await tmux.waitFor("of daily closes in USD")

        // Candles again, then wider: drawn again to the new width.
        try await tmux.send("c")
        screen = try await tmux.waitFor("daily candles of XBT/USD")
        let before = try #require(screen.split(separator: "\n").last { $0.contains("└") }).count
        try await tmux.resize(columns: columns + 20, rows: rows)
        screen = try await tmux.waitFor("a wider x-axis", timeout: 30) { screen in
            (screen.split(separator: "\n").last { $0.contains("└") }?.count ?? 0) > before
        }
        #expect(screen.contains("daily candles of XBT/USD"))
        try await tmux.send("q")
        try await tmux.waitFor("exit=0")
    }
}
