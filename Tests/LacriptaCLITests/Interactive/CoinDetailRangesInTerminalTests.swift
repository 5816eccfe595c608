import Foundation
import LacriptaSimulator
import Testing

/// The coin detail's day and week in a real terminal (tmux) at 80×24 and 200×60, keyless: d draws
/// a day of five-minute prices with the hours under it, w a week hourly, and a resize redraws the
/// chart to the new width.
@Suite("full-screen view: a coin's day and week, in a terminal")
struct CoinDetailRangesInTerminalTests {
    @Test(
        "d and w in the detail, then a resize redraws",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)), arguments: [(80, 24), (200, 60)])
    func dayAndWeek(columns: Int, rows: Int) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-ranges-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = TmuxSession.keylessCommand("top --interactive --limit 20", home: home, simulator: simulator)
        let tmux = try await TmuxSession(command: command, columns: columns, rows: rows)
        defer { tmux.kill() }

        try await tmux.waitFor("Bitcoin")
        try await tmux.send("Down", "i")
        try await tmux.waitFor("30 days of hourly prices in USD")
        try await tmux.send("d")
        var screen = try await tmux.waitFor("1 day of 5-minute prices in USD")
        #expect(screen.contains("[1d]"))
        let hours = screen.split(separator: "\n").filter { $0.contains(":00") && !$0.contains("$") }
        #expect(!hours.isEmpty, "the hours under the chart")
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= columns })
        try await tmux.send("w")
        screen = try await tmux.waitFor("7 days of hourly prices in USD")
        #expect(screen.contains("[7d]"))

        // Wider: the chart is drawn again to the new width (a screen not redrawn keeps its old axis).
        let before = try #require(screen.split(separator: "\n").last { $0.contains("└") }).count
        try await tmux.resize(columns: columns + 20, rows: rows)
        screen = try await tmux.waitFor("a wider x-axis", timeout: 30) { screen in
            (screen.split(separator: "\n").last { $0.contains("└") }?.count ?? 0) > before
        }
        #expect(screen.contains("7 days of hourly prices in USD"))
        try await tmux.send("q")
        try await tmux.waitFor("exit=0")
    }
}
