import Foundation
import LacriptaTestSupport
import Testing

/// The built `lacripta` in a real terminal (tmux) against the offline simulator: keys in, screen
/// out, checked the way a person would look at it. Skipped when tmux or the binaries are missing
/// (`make test` builds them; `.ci/run` installs tmux).
@Suite("Interactive view end to end, in tmux against the simulator")
struct InteractiveEndToEndTests {
    /// The built simulator, next to the built `lacripta`.
    static var simulator: URL { BinaryRunner.binary.deletingLastPathComponent().appendingPathComponent("lacripta-sim") }

    /// Whether everything the test needs is there.
    static var isAvailable: Bool {
        TmuxSession.executable != nil && BinaryRunner.isAvailable && FileManager.default.isExecutableFile(atPath: simulator.path)
    }

    /// The repository's recorded data, found from this file's location.
    static var recordedData: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/recorded")
    }

    @Test(
        "navigate, sort, open news and an article, share it, go back, resize, quit: terminal restored",
        .enabled(if: isAvailable, "needs tmux and the built lacripta and lacripta-sim"), .timeLimit(.minutes(2)))
    func wholeFlow() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let simulator = try await SimulatorProcess.start(Self.simulator, data: Self.recordedData, directory: home)
        defer { simulator.stop() }

        let environment = [
            "HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)/cache", "XDG_CONFIG_HOME=\(home.path)/config",
            "LACRIPTA_API_URL=http://127.0.0.1:\(simulator.port)", "LACRIPTA_SOURCE=cryptocompare",
            "LACRIPTA_STREAM_URL=ws://127.0.0.1:\(simulator.streamPort)/v2",
        ]
        // A shell line around the view: a marker before, the exit status and tty modes after, so
        // the screen shows what a person sees once the view is gone.
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u NO_COLOR -u FORCE_COLOR \(environment.joined(separator: " ")) \
            sh -c 'echo before-lacripta; "$0"; echo "exit=$?"; stty -a | tr " " "\\n" | grep -x -e icanon -e echo -e isig | tr "\\n" " "; echo; sleep 120' \
            '\(BinaryRunner.binary.path)'
            """
        let tmux = try await TmuxSession(command: command, columns: 120, rows: 40)
        defer { tmux.kill() }

        // The toplist, ticking live over the simulator's streamer, with the keys in the footer.
        var screen = try await tmux.waitFor("lacripta · top 50 · USD · change 24h · by rank↑")
        screen = try await tmux.waitFor("Bitcoin")
        #expect(screen.contains("? help  q quit"))
        screen = try await tmux.waitFor("● LIVE")
        #expect(try await tmux.value("#{alternate_on} #{cursor_flag}") == "1 0")
        #expect(!screen.contains("before-lacripta"), "the view is on the alternate screen")

        // Move down two rows: the third coin is in reverse video.
        try await tmux.send("j", "Down")
        try await tmux.waitFor("PEPE highlighted", styles: true) { screen in
            screen.split(separator: "\n").contains { $0.contains("PEPE") && $0.contains("\u{1B}[7m") }
        }

        // Sort by price, reverse it, then back to rank.
        try await tmux.send("s")
        try await tmux.waitFor("by price↓")
        try await tmux.send("S")
        screen = try await tmux.waitFor("by price↑")
        #expect(screen.split(separator: "\n")[2].contains("PEPE") || screen.split(separator: "\n")[2].contains("SHIB"), "cheapest first")
        try await tmux.send("S", "s", "s", "s", "s", "s", "g")
        try await tmux.waitFor("by rank↑")

        // The change period and the help.
        try await tmux.send("c")
        try await tmux.waitFor("Change hour")
        try await tmux.send("?")
        try await tmux.waitFor("Keys: toplist")
        try await tmux.send("x")
        try await tmux.waitFor("help closed") { !$0.contains("Keys: toplist") }

        // Ethereum's news, then its first article.
        try await tmux.send("j", "Enter")
        screen = try await tmux.waitFor("news · ETH (Ethereum) · latest first")
        try await tmux.waitFor("1 of ")
        try await tmux.send("Enter")
        screen = try await tmux.waitFor("ETH news · article 1 of")
        #expect(screen.contains("Source:") && screen.contains("URL:") && screen.contains("Published:"))

        // Share it: the proposed name goes to $HOME; the confirmation names the file.
        try await tmux.send("s")
        screen = try await tmux.waitFor("Share to: ~/lacripta-eth-")
        try await tmux.send("Enter")
        screen = try await tmux.waitFor("✓ Shared to \(home.path)/lacripta-eth-")
        let shared = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("lacripta-eth-") && $0.hasSuffix(".md") }
        #expect(shared.count == 1)
        let document = try String(contentsOf: home.appendingPathComponent(shared.first ?? "missing"), encoding: .utf8)
        #expect(document.hasPrefix("# ") && document.contains("- Source: ") && document.contains("- URL: <http"))
        // Sharing again refuses to overwrite and says so on the prompt.
        try await tmux.send("s", "Enter")
        try await tmux.waitFor("exists; choose another name")
        try await tmux.send("Escape")
        try await tmux.waitFor("prompt closed") { !$0.contains("Share to:") }

        // Back to the news (Esc), back to the toplist (Backspace).
        try await tmux.send("Escape")
        try await tmux.waitFor("news · ETH (Ethereum)")
        try await tmux.send("BSpace")
        try await tmux.waitFor("lacripta · top 50 · USD")

        // The selected coin's live detail fills in from the streamer: day range, ticks, sparkline.
        try await tmux.send("l")
        screen = try await tmux.waitFor("live detail with ticks") { $0.contains("lacripta · live · ") && $0.contains("ticks since") }
        #expect(screen.contains("Day high") && screen.contains("● LIVE"))
        try await tmux.send("Escape")
        try await tmux.waitFor("lacripta · top 50 · USD")

        // Resizing re-lays out at once; too small says so; big again draws again.
        try await tmux.resize(columns: 60, rows: 20)
        try await tmux.waitFor("narrow toplist") { $0.contains("lacripta · top 50") && !$0.contains("Volume 24h") }
        try await tmux.resize(columns: 30, rows: 8)
        try await tmux.waitFor("Terminal too small")
        try await tmux.resize(columns: 120, rows: 40)
        try await tmux.waitFor("Volume 24h")

        // q leaves: the shell's screen is back, the cursor shows, the tty is cooked again.
        try await tmux.send("q")
        screen = try await tmux.waitFor("exit=0")
        #expect(screen.contains("before-lacripta"))
        #expect(!screen.contains("lacripta · top"))
        try await tmux.waitFor("icanon")
        screen = try await tmux.screen()
        #expect(screen.contains("icanon") && screen.contains("echo") && screen.contains("isig"))
        #expect(try await tmux.value("#{alternate_on} #{cursor_flag}") == "0 1")
    }
}

/// The simulator as a child process on a free port, in a process group of its own that is killed
/// when the test lets go of it (or calls `stop`), so a failed test leaves no simulator behind.
struct SimulatorProcess {
    let child: ChildProcessGroup
    let port: Int
    let streamPort: Int

    /// Starts `executable` on port 0 and waits (at most 60 s) for the port it reports.
    static func start(_ executable: URL, data: URL, directory: URL) async throws -> SimulatorProcess {
        let portFile = directory.appendingPathComponent("sim.port")
        let streamPortFile = directory.appendingPathComponent("sim.stream-port")
        let arguments = [
            "--port", "0", "--port-file", portFile.path, "--stream-port-file", streamPortFile.path, "--stream-rate", "5",
            "--data", data.path,
        ]
        let child = try ChildProcessGroup(
            executable.path, arguments, environment: ProcessInfo.processInfo.environment, stdout: .null, stderr: .null)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOf: portFile, encoding: .utf8),
                let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                let streamText = try? String(contentsOf: streamPortFile, encoding: .utf8),
                let streamPort = Int(streamText.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return SimulatorProcess(child: child, port: port, streamPort: streamPort)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CocoaError(.fileReadNoSuchFile)
    }

    /// Stops the simulator and anything of its group, at once (nothing here tests its shutdown).
    func stop() {
        child.signalGroup(SIGKILL)
        _ = child.waitForExit(timeout: 10)
    }
}
