import Foundation
import LacriptaSimulator
import Testing

/// The full-screen view without a key, in a real terminal (tmux), against the simulator's
/// CoinGecko and four exchanges: live prices from Coinbase's ticker, an alert added with `A` next
/// to the price and fired by the walk, the alerts screen (`!`), and `x` comparing the coin across
/// the four exchanges until Esc.
@Suite("alerts and compare in the full-screen view, in a terminal")
struct AlertsInTerminalTests {
    /// The dollar price in `line`, e.g. `$62,549.65` → 62549.65.
    private static func price(in line: Substring) -> Double? {
        guard let dollar = line.firstIndex(of: "$") else { return nil }
        let digits = line[line.index(after: dollar)...].prefix { $0.isNumber || $0 == "," || $0 == "." }
        return Double(digits.replacingOccurrences(of: ",", with: ""))
    }

    @Test(
        "A adds alerts next to the live price, the walk fires one (status flash), ! lists it fired; x compares four exchanges, c charts one exchange's ask, bid and last, Esc returns",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)))
    func alertsAndCompare() async throws {
        var options = ExchangeFeeds.Options(seed: 8)
        options.rates = [ExchangeSetting(10)]
        let simulator = try SimulatorHarness.start(exchanges: options)
        defer { simulator.stop() }
        let exchanges = try #require(simulator.exchanges)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-alerts-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let urls = SimulatedExchange.allCases.map { "LACRIPTA_\($0.rawValue.uppercased())_URL=\(exchanges.url(for: $0).absoluteString)" }
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u LACRIPTA_SOURCE -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 HOME=\(home.path) \
            XDG_CACHE_HOME=\(home.path)/cache XDG_CONFIG_HOME=\(home.path)/config XDG_DATA_HOME=\(home.path)/data \
            LACRIPTA_COINGECKO_URL=\(simulator.coinGeckoBaseURL.absoluteString) \(urls.joined(separator: " ")) \
            sh -c '"$0"; echo "exit=$?"; sleep 60' '\(BinaryRunner.binary.path)'
            """
        let tmux = try await TmuxSession(command: command, columns: 120, rows: 32)
        defer { tmux.kill() }

        // Live without a key: Coinbase's ticker prices the toplist.
        var screen = try await tmux.waitFor("live prices from the exchanges", timeout: 30) { $0.contains("Bitcoin") && $0.contains("● LIVE") }
        let row = try #require(screen.split(separator: "\n").first { $0.contains("Bitcoin") })
        let price = try #require(Self.price(in: row))

        // First a level the walk cannot reach in this test, so the row stays marked however slowly
        // the keys arrive; then levels 0.05 % either side: the walk (about 1.5 bp a step, ten steps
        // a second) crosses one, and on a busy machine may cross both before the mark is read.
        try await tmux.send("A")
        try await tmux.waitFor("the prompt") { $0.contains("Alert BTC/USD:") }
        try await tmux.type(String(format: "above %.2f", price * 2))
        try await tmux.send("Enter")
        screen = try await tmux.waitFor("alert 1 added") { $0.contains("alert 1 added: BTC/USD above") }
        #expect(screen.contains("BTC ⚑"), "the row is marked while its alerts are armed")
        for (id, level) in [(2, "above %.2f"), (3, "below %.2f")] {
            try await tmux.send("A")
            try await tmux.type(String(format: level, price * (id == 2 ? 1.0005 : 0.9995)))
            try await tmux.send("Enter")
            try await tmux.waitFor("alert \(id) added") { $0.contains("alert \(id) added: BTC/USD") }
        }

        screen = try await tmux.waitFor("an alert fired", timeout: 90) { $0.contains("⚑ ALERT BTC/USD") }
        #expect(screen.contains("(alert 2)") || screen.contains("(alert 3)"))
        let file = try String(contentsOf: home.appendingPathComponent("data/lacripta/alerts"), encoding: .utf8)
        #expect(file.contains(" fired "), "the firing is in the store, as alert watch would record it")

        try await tmux.send("!")
        screen = try await tmux.waitFor("the alerts screen") { $0.contains("lacripta · alerts") && $0.contains("3 alerts") }
        #expect(screen.contains("fired"))
        let rows = screen.split(separator: "\n").filter { $0.contains("BTC/USD") && !$0.contains("ALERT") }
        #expect(rows.count == 3 && rows.allSatisfy { $0.contains("$") }, "one row per alert, with the price now")
        try await tmux.send("Escape")
        try await tmux.waitFor("the toplist again") { $0.contains("lacripta · top 50") }

        try await tmux.send("x")
        screen = try await tmux.waitFor("four exchanges live", timeout: 30) { screen in
            screen.contains("lacripta · compare BTC/USD")
                && ["Coinbase", "Kraken", "Bitstamp", "Bitfinex"].allSatisfy { name in
                    screen.split(separator: "\n").contains { $0.hasPrefix(name) && $0.contains("● live") }
                }
        }
        #expect(screen.contains("Best bid") || screen.contains("CROSSED"))
        // c: the chart of one exchange at a time, Coinbase's first, its ask, bid and last.
        try await tmux.send("c")
        screen = try await tmux.waitFor("▲ Coinbase ask")
        #expect(screen.contains("▼ bid") && screen.contains("● last"))
        try await tmux.send("Escape")
        try await tmux.waitFor("back from compare") { $0.contains("lacripta · top 50") && !$0.contains("lacripta · compare") }

        try await tmux.send("q")
        screen = try await tmux.waitFor("exit=0")
        #expect(try await tmux.value("#{alternate_on}") == "0")
    }
}
