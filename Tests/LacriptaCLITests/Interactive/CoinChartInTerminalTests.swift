import Foundation
import LacriptaSimulator
import Testing

/// `lacripta coin` on a real terminal (tmux): the chart is drawn to the window's width, in braille
/// under a UTF-8 locale and in half blocks under the C locale.
@Suite("coin chart in a terminal")
struct CoinChartInTerminalTests {
    @Test(
        "braille in a UTF-8 locale, blocks in C; fitted to 90 columns, dates and the high and low shown",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)))
    func chart() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-coin-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u LC_ALL -u LC_CTYPE HOME=\(home.path) XDG_CACHE_HOME=\(home.path)/cache \
            XDG_CONFIG_HOME=\(home.path)/config LACRIPTA_COINGECKO_URL=\(simulator.coinGeckoBaseURL.absoluteString) LACRIPTA_SOURCE=public \
            sh -c 'LANG=C.UTF-8 "$0" coin eth --days 365 --height 12; echo "braille=$?"; LANG=C "$0" coin eth --days 365 --height 12; echo "blocks=$?"; sleep 60' \
            '\(BinaryRunner.binary.path)'
            """
        let tmux = try await TmuxSession(command: command, columns: 90, rows: 70)
        defer { tmux.kill() }

        let screen = try await tmux.waitFor("blocks=0")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let braille = try #require(lines.firstIndex { $0.hasPrefix("braille=") })
        let first = lines[..<braille]
        let second = lines[braille...]
        func isBraille(_ line: String) -> Bool { line.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        #expect(first.filter(isBraille).count >= 5)
        #expect(!second.contains(where: isBraille))
        #expect(second.contains { $0.contains("▀") || $0.contains("▄") || $0.contains("█") })
        // Each run: the price axis, the x-axis reaching the last column, two dates, the high and low.
        for run in [first, second] {
            #expect(run.contains { $0.hasPrefix("Ethereum (ETH)") })
            #expect(run.contains { $0.contains("$") && ($0.contains("┤") || $0.contains(" +")) })
            let axis = try #require(run.first { $0.wholeMatch(of: /\s+[└+][-─^v▲▼]+/) != nil })
            #expect(axis.count == 90)
            #expect(run.contains { $0.wholeMatch(of: /\s+\d{4}-\d{2}-\d{2}\s+\d{4}-\d{2}-\d{2}/) != nil })
            #expect(run.contains { $0.contains("high $") && $0.contains("low $") })
            #expect(run.contains { $0.contains("365 days of daily closes in USD, from CoinGecko") })
        }
    }
}
