import Foundation
import LacriptaSimulator
import Testing

/// The holdings screen on the ledger in a real terminal (tmux, 80x24) against the simulator's
/// CoinGecko: a journal of two buys and a sale of BTC, `H` from the toplist lists BTC with its
/// P/L and its open lots, Tab shows the sale's realised gain, Tab again the portfolio's value over
/// time from the simulator's daily closes, `a` hides the amounts and the chart with them.
@Suite("full-screen view: holdings on the ledger, in a terminal")
struct LedgerHoldingsInTerminalTests {
    @Test(
        "H shows the lots at 80x24; Tab the realised gain, then the value chart; a hides the amounts and the chart",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)))
    func ledger() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-ledger-tmux-\(UUID().uuidString)")
        let store = home.appendingPathComponent("data/lacripta")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let journal = """
            version 1
            2024-01-01 buy 1 BTC @ 30000 USD id:aaa111
            2024-02-01 buy 1 BTC @ 40000 USD id:bbb222
            2024-03-01 sell 0.5 BTC @ 50000 USD id:ccc333

            """
        try journal.write(to: store.appendingPathComponent("journal"), atomically: true, encoding: .utf8)
        let command = TmuxSession.keylessCommand("top --interactive --limit 20", home: home, simulator: simulator)
        let tmux = try await TmuxSession(command: command, columns: 80, rows: 24)
        defer { tmux.kill() }

        try await tmux.waitFor("Bitcoin")
        try await tmux.send("H")
        var screen = try await tmux.waitFor("Open lots of BTC (fifo)")
        #expect(screen.contains("lacripta · holdings · 1 coin · USD"))
        #expect(screen.contains(" 1.5 "), "two bought, half of one sold")
        // FIFO sold half of the first lot: 0.5 left of it at $15,000, the second whole.
        #expect(screen.contains("2024-01-01") && screen.contains("2024-02-01"))
        #expect(screen.contains("15,000.00"))

        try await tmux.send("Tab")
        screen = try await tmux.waitFor("Realised on BTC (fifo)")
        #expect(screen.contains("2024-03-01"))
        #expect(screen.contains("10,000.00"), "0.5 sold at $50,000 over the $15,000 it cost")

        try await tmux.send("Tab")
        screen = try await tmux.waitFor("cost basis (yellow) in USD")
        #expect(screen.contains("Value over time (fifo)"))
        #expect(screen.contains("value") && screen.contains("cost"), "the legend names both lines")
        #expect(screen.contains(" BTC ") && screen.contains(" 1.5 "), "the table stays above the chart")
        // The y-axis is labelled in dollars: the chart's values say what is held.
        let chartRows = screen.split(separator: "\n").drop { !$0.contains("Value over time") }
        #expect(chartRows.contains { $0.contains("$") }, "\(screen)")

        try await tmux.send("a")
        screen = try await tmux.waitFor("amounts hidden")
        #expect(!screen.contains(" 1.5 ") && !screen.contains("10,000.00"))
        #expect(screen.contains("Value over time: hidden with the amounts") && !screen.contains("cost basis (yellow)"))
        try await tmux.send("Tab")
        screen = try await tmux.waitFor("lots and realised gains are hidden")

        try await tmux.send("q")
        try await tmux.waitFor("exit=0")
    }
}
