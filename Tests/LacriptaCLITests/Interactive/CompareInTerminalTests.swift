import Foundation
import LacriptaSimulator
import Testing

/// `lacripta compare` on a real terminal (tmux), with no key, against the simulator's four
/// exchanges: the table ticks in place with the best bid and ask, the chart and its legend
/// appear under it, a dropped exchange comes back, and Ctrl-C leaves the last frame.
@Suite("compare in a terminal")
struct CompareInTerminalTests {
    @Test(
        "four exchanges side by side, best prices highlighted, a chart with a legend; survives a drop; Ctrl-C exits 0",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)))
    func compareView() async throws {
        var options = ExchangeFeeds.Options(seed: 3)
        options.rates = [ExchangeSetting(5)]
        let simulator = try SimulatorHarness.start(exchanges: options)
        defer { simulator.stop() }
        let exchanges = try #require(simulator.exchanges)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-compare-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let urls = SimulatedExchange.allCases.map { "LACRIPTA_\($0.rawValue.uppercased())_URL=\(exchanges.url(for: $0).absoluteString)" }
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 HOME=\(home.path) XDG_CACHE_HOME=\(home.path)/cache \
            XDG_CONFIG_HOME=\(home.path)/config \(urls.joined(separator: " ")) \
            sh -c 'trap true INT; "$0" compare BTC; echo "exit=$?"; sleep 60' '\(BinaryRunner.binary.path)'
            """
        let tmux = try await TmuxSession(command: command, columns: 110, rows: 40)
        defer { tmux.kill() }

        var screen = try await tmux.waitFor("four exchanges live", timeout: 20) { screen in
            ["Coinbase", "Kraken", "Bitstamp", "Bitfinex"].allSatisfy { name in
                screen.split(separator: "\n").contains { $0.hasPrefix(name) && $0.contains("● live") }
            }
        }
        #expect(screen.contains("lacripta compare BTC/USD · 4 exchanges"))
        #expect(screen.contains("Best bid") || screen.contains("CROSSED"))
        // The best bid and best ask are drawn in reverse video (SGR 7).
        let styled = try await tmux.waitFor("reverse video", timeout: 20, styles: true) { $0.contains("\u{1B}[7m") }
        #expect(styled.contains("\u{1B}[7m"))
        // The chart: braille dots and a legend naming the exchanges.
        screen = try await tmux.waitFor("the chart", timeout: 20) { screen in
            screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
        }

        exchanges.dropConnections(.kraken)
        screen = try await tmux.waitFor("Kraken live again", timeout: 30) { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("Kraken") && $0.contains("● live") }
                && exchanges.clientMessages(.kraken).map(\.connection).max() ?? 0 >= 1
        }

        try await tmux.send("C-c")
        screen = try await tmux.waitFor("exit=0")
        #expect(screen.contains("Coinbase"), "the last frame stays in the scrollback")
    }
}
