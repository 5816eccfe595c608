import Foundation
import LacriptaSimulator
import Testing

/// `lacripta top --watch` in a real terminal (tmux): redrawn in place, the last good table kept
/// with the error on the status line when a refresh fails, and a clean terminal after Ctrl-C.
@Suite("top --watch in a terminal")
struct WatchInTerminalTests {
    @Test(
        "redraws in place, keeps the table on a failed refresh, Ctrl-C restores the cursor and exits 0",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)))
    func watch() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = """
            env -u CRYPTOCOMPARE_API_KEY HOME=\(home.path) XDG_CACHE_HOME=\(home.path)/cache XDG_CONFIG_HOME=\(home.path)/config \
            LACRIPTA_API_URL=\(simulator.restBaseURL.absoluteString) LACRIPTA_SOURCE=cryptocompare \
            sh -c 'trap true INT; "$0" top --watch 10 -n 5; echo "exit=$?"; sleep 60' '\(BinaryRunner.binary.path)'
            """
        let tmux = try await TmuxSession(command: command, columns: 100, rows: 20)
        defer { tmux.kill() }

        var screen = try await tmux.waitFor("fetched")
        screen = try await tmux.waitFor("Bitcoin")
        #expect(screen.contains("lacripta top · USD · change 24h · every 10 s"))
        #expect(screen.contains("Ctrl-C to quit"))
        #expect(screen.contains("CryptoCompare, ranked by top-tier volume · refreshes automatically"))
        #expect(try await tmux.value("#{cursor_flag}") == "0")

        // (The shell traps INT so it outlives lacripta and prints the exit status, like an interactive shell.)
        // The next refresh fails: the table stays, the reason shows on the status line.
        simulator.rest.setFault(.http500)
        screen = try await tmux.waitFor("HTTP 503", timeout: 20)
        #expect(screen.contains("Bitcoin") && screen.contains("$62,549.65"))
        #expect(screen.contains("showing data from"))
        // Redrawn in place: the header appears once, not once per refresh.
        #expect(screen.components(separatedBy: "lacripta top · USD").count == 2)

        try await tmux.send("C-c")
        screen = try await tmux.waitFor("exit=0")
        #expect(try await tmux.value("#{cursor_flag}") == "1")
    }
}
