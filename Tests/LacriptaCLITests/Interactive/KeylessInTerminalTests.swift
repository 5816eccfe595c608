import Foundation
import LacriptaSimulator
import Testing

/// The full-screen view with no CryptoCompare key, in a real terminal (tmux): CoinGecko's toplist
/// with its source on the status row, live prices from the exchanges' tickers, news for a coin from the simulated feeds,
/// the change period cycling past the one CoinGecko lacks, and a clean exit.
@Suite("full-screen view without a key, in a terminal")
struct KeylessInTerminalTests {
    @Test(
        "toplist from CoinGecko, live from the exchanges, news from the feeds, change cycles 24h → hour → 24h, q restores the terminal",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)))
    func keylessView() async throws {
        let simulator = try SimulatorHarness.start(exchanges: ExchangeFeeds.Options(seed: 4))
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-keyless-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = TmuxSession.keylessCommand(
            "", home: home, simulator: simulator, source: nil, extra: try TmuxSession.feedsAndExchanges(of: simulator))
        let tmux = try await TmuxSession(command: command, columns: 110, rows: 30)
        defer { tmux.kill() }

        var screen = try await tmux.waitFor("CoinGecko, ranked by market cap")
        screen = try await tmux.waitFor("Bitcoin")
        #expect(screen.contains("lacripta · top 50 · USD · change 24h"))
        // Without a key, live prices come from Coinbase's ticker (the simulator's here).
        screen = try await tmux.waitFor("● LIVE")

        try await tmux.send("c")
        screen = try await tmux.waitFor("change hour")
        try await tmux.send("c")
        screen = try await tmux.waitFor("change 24h")

        // ETH is the second row: its news, filtered from the feeds, with the outlets named.
        try await tmux.send("Down", "Enter")
        screen = try await tmux.waitFor("news · ETH (Ethereum)")
        screen = try await tmux.waitFor("from ")
        #expect(screen.contains("Ethereum") || screen.contains("ETH"))
        #expect(screen.contains("Decrypt") || screen.contains("The Block"))
        #expect(!screen.contains("Hyperliquid"), "an article about another coin is filtered out")

        try await tmux.send("Escape", "q")
        screen = try await tmux.waitFor("exit=0")
        #expect(try await tmux.value("#{alternate_on}") == "0")
    }
}
