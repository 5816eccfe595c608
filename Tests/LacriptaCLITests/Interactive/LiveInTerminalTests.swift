import Foundation
import LacriptaSimulator
import Testing

/// `lacripta live` in a real terminal (tmux) against the simulator's streamer: the table redrawn
/// in place, moves flashing, a refused pair explained under it, and the terminal clean after.
@Suite("live in a terminal")
struct LiveInTerminalTests {
    /// A tmux session running `live arguments…` in a shell that prints the exit status after.
    private func session(_ arguments: String, simulator: Simulator, home: URL) async throws -> TmuxSession {
        let streamURL = try #require(simulator.stream?.url)
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u NO_COLOR -u FORCE_COLOR HOME=\(home.path) XDG_CACHE_HOME=\(home.path)/cache \
            XDG_CONFIG_HOME=\(home.path)/config LACRIPTA_API_URL=\(simulator.restBaseURL.absoluteString) LACRIPTA_SOURCE=cryptocompare \
            LACRIPTA_STREAM_URL=\(streamURL.absoluteString) \
            sh -c 'trap true INT; "$0" live \(arguments); echo "exit=$?"; sleep 60' '\(BinaryRunner.binary.path)'
            """
        return try await TmuxSession(command: command, columns: 100, rows: 20)
    }

    /// A fresh home folder, removed by the caller.
    private func temporaryHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-live-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    @Test(
        "redraws in place, flashes moves, explains a refused pair, and Ctrl-C restores the cursor and exits 0",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)))
    func table() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 4, ticksPerSecond: 10))
        defer { simulator.stop() }
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let tmux = try await session("BTC ETH NOTACOIN", simulator: simulator, home: home)
        defer { tmux.kill() }

        var screen = try await tmux.waitFor("both prices and LIVE") { screen in
            let rows = screen.split(separator: "\n").filter { $0.hasPrefix("BTC ") || $0.hasPrefix("ETH ") }
            return screen.contains("● LIVE") && rows.count == 2 && rows.allSatisfy { $0.contains("$") }
        }
        #expect(screen.contains("lacripta live · USD"))
        #expect(screen.contains("Change today") && screen.contains("Last tick"))
        #expect(screen.contains("NOTACOIN") && screen.contains("unavailable"))
        #expect(screen.contains("NOTACOIN/USD is not available on the streamer"))
        #expect(try await tmux.value("#{cursor_flag}") == "0")
        // A move is shown in reverse video for a moment.
        try await tmux.waitFor("a price flashing", styles: true) { screen in
            screen.split(separator: "\n").contains { ($0.contains("BTC") || $0.contains("ETH")) && $0.contains("\u{1B}[7m") }
        }
        // Redrawn in place: the title is on screen once, however many frames were drawn.
        screen = try await tmux.screen()
        #expect(screen.components(separatedBy: "lacripta live · USD").count == 2)

        try await tmux.send("C-c")
        screen = try await tmux.waitFor("exit=0")
        #expect(try await tmux.value("#{cursor_flag}") == "1")
        #expect(screen.contains("BTC"), "the last frame stays in the scrollback")
    }

    @Test(
        "with --count the table is left showing the last update it counted",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)))
    func count() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 4, ticksPerSecond: 10))
        defer { simulator.stop() }
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let tmux = try await session("ETH --count 1", simulator: simulator, home: home)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("exit=0")
        let row = screen.split(separator: "\n").first { $0.hasPrefix("ETH ") }
        #expect(row?.contains("$") == true && row?.contains("waiting") == false)
        #expect(try await tmux.value("#{cursor_flag}") == "1")
    }
}
