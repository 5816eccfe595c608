import Foundation
import LacriptaSimulator
import Testing

/// The user's coins in the full-screen view, in a real terminal (tmux) against the simulator's
/// CoinGecko: star two coins with `f`, show only them with `F`, open one with `i` and switch its
/// chart to 90 and 365 days, add a coin the toplist does not hold with `a`, quit, and find all
/// three in the store file on disk.
@Suite("full-screen view: your coins, in a terminal")
struct YourCoinsInTerminalTests {
    @Test(
        "f stars, F filters, i shows the chart with 3/y, a searches and adds; the favourites are on disk after q",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)))
    func yourCoins() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-yours-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // Twenty coins, so the search can add one the toplist does not hold (FLOKI is 41st).
        let command = TmuxSession.keylessCommand("top --interactive --limit 20", home: home, simulator: simulator)
        let tmux = try await TmuxSession(command: command, columns: 120, rows: 32)
        defer { tmux.kill() }

        try await tmux.waitFor("Bitcoin")
        try await tmux.send("f")
        try await tmux.waitFor("★ BTC added to your favourites")
        try await tmux.send("Down", "f")
        var screen = try await tmux.waitFor("★ ETH added to your favourites")
        #expect(screen.contains("BTC ★") && screen.contains("ETH ★"))

        try await tmux.send("F")
        screen = try await tmux.waitFor("lacripta · favourites · USD")
        #expect(screen.contains("1–2 of 2"))
        #expect(!screen.contains("Tether"), "only the favourites are listed")

        // ETH stays selected through the switch: its figures and chart.
        try await tmux.send("i")
        screen = try await tmux.waitFor("30 days of hourly prices in USD")
        #expect(screen.contains("lacripta · coin · Ethereum (ETH) ★"))
        #expect(screen.contains("Market cap"))
        #expect(screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille in a UTF-8 locale")
        try await tmux.send("3")
        screen = try await tmux.waitFor("90 days of hourly prices in USD")
        #expect(screen.contains("[90d]"))
        try await tmux.send("y")
        screen = try await tmux.waitFor("365 days of daily closes in USD")
        #expect(screen.contains("[365d]"))

        try await tmux.send("Escape", "a")
        try await tmux.waitFor("Type a ticker or a name")
        try await tmux.type("floki")
        screen = try await tmux.waitFor("FLOKI")
        try await tmux.send("Enter")
        screen = try await tmux.waitFor("FLOKI ★")
        #expect(screen.contains("lacripta · favourites") && screen.contains("1–3 of 3"))

        try await tmux.send("q")
        try await tmux.waitFor("exit=0")
        let file = try String(contentsOf: home.appendingPathComponent("data/lacripta/favorites"), encoding: .utf8)
        let symbols = file.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("version") }
        #expect(symbols == ["BTC", "ETH", "FLOKI"])
    }
}
