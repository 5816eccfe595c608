import Foundation
import LacriptaSimulator
import Testing

/// A key binding in a real terminal (tmux, 80×24) against the simulator's CoinGecko: with
/// `key.move-down = j` in the config file, j moves the selection down, ↓ (a default key the binding
/// replaced) no longer does, and `?` lists j as the key that moves down.
@Suite("full-screen view: key bindings, in a terminal")
struct KeysInTerminalTests {
    @Test(
        "key.move-down = j: j moves, ↓ does not, and ? shows j",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)))
    func reboundMoveDown() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-keys-tmux-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("config/lacripta")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("# j only: the arrow no longer moves down\nkey.move-down = j\n".utf8).write(to: folder.appendingPathComponent("config"))
        let command = TmuxSession.keylessCommand("top --interactive --limit 20", home: home, simulator: simulator)
        let tmux = try await TmuxSession(command: command, columns: 80, rows: 24)
        defer { tmux.kill() }

        try await tmux.waitFor("Bitcoin")
        // ↓ then j, then c, whose new title shows once all three were read (keys are taken in order).
        try await tmux.send("Down", "j", "c")
        let screen = try await tmux.waitFor("change hour", styles: true) { $0.contains("change hour") }
        let highlighted = screen.split(separator: "\n").filter { $0.contains("\u{1B}[7m") && !$0.contains("lacripta ·") }
        #expect(highlighted.count == 1 && highlighted.first?.contains("Ethereum") == true, "one row down, not two:\n\(screen)")

        try await tmux.send("?")
        let help = try await tmux.waitFor("Keys: toplist")
        #expect(help.contains("↑ k  j") && help.contains("move up / down"), "the help names the key in force:\n\(help)")
        #expect(help.contains("q  Ctrl-C"))

        try await tmux.send("Escape", "q")
        try await tmux.waitFor("exit=0")
    }
}
