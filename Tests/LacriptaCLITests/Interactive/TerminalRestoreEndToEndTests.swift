import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The full-screen view gives the terminal back however it ends: killed by a fatal signal (the
/// way a crash ends it), or stopped with Ctrl-Z and continued in the background. Run in tmux, the
/// way a person would see it, against the simulator.
@Suite("Interactive view: the terminal is the shell's again after a crash or a bg")
struct TerminalRestoreEndToEndTests {
    /// The environment that points the built `lacripta` at `simulator`, with a private home.
    private static func environment(home: URL, simulator: SimulatorProcess) -> [String] {
        [
            "HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)/cache", "XDG_CONFIG_HOME=\(home.path)/config",
            "LACRIPTA_API_URL=http://127.0.0.1:\(simulator.port)", "LACRIPTA_SOURCE=cryptocompare",
            "LACRIPTA_STREAM_URL=ws://127.0.0.1:\(simulator.streamPort)/v2",
        ]
    }

    /// A fresh home folder, removed by the caller.
    private static func temporaryHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    /// Waits (bounded) until `file` holds a process id.
    private static func processID(in file: URL) async throws -> pid_t {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CocoaError(.fileReadNoSuchFile)
    }

    @Test(
        "a fatal signal in the view restores the screen, cursor and tty modes, says so, and still dies of it",
        .enabled(if: InteractiveEndToEndTests.isAvailable, "needs tmux and the built lacripta and lacripta-sim"),
        .timeLimit(.minutes(3)), arguments: [(SIGSEGV, "SIGSEGV"), (SIGABRT, "SIGABRT")])
    func fatalSignal(signal: Int32, name: String) async throws {
        let home = try Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let simulator = try await SimulatorProcess.start(
            InteractiveEndToEndTests.simulator, data: InteractiveEndToEndTests.recordedData, directory: home)
        defer { simulator.stop() }
        // A shell around the view: the view's pid in a file (the inner sh execs it), then, once it
        // is gone, its exit status and the tty modes. No core file: the kill is on purpose.
        let pidFile = home.appendingPathComponent("lacripta.pid")
        let script = home.appendingPathComponent("run.sh")
        try """
        ulimit -c 0
        echo before-lacripta
        sh -c 'echo $$ > "$1"; exec "$0"' '\(BinaryRunner.binary.path)' '\(pidFile.path)'
        echo "exit=$?"
        stty -a | tr " " "\\n" | grep -x -e icanon -e echo -e isig | tr "\\n" " "; echo
        sleep 120
        """.write(to: script, atomically: true, encoding: .utf8)
        let environment = Self.environment(home: home, simulator: simulator).joined(separator: " ")
        let tmux = try await TmuxSession(
            command: "env -u CRYPTOCOMPARE_API_KEY -u SWIFT_BACKTRACE \(environment) sh '\(script.path)'", columns: 120, rows: 30)
        defer { tmux.kill() }

        try await tmux.waitFor("Bitcoin")
        #expect(try await tmux.value("#{alternate_on} #{cursor_flag}") == "1 0")
        let pid = try await Self.processID(in: pidFile)
        #expect(kill(pid, signal) == 0)

        // The shell saw the signal's own status (128 + N): the process still died of it.
        let screen = try await tmux.waitFor("exit=\(128 + signal)")
        #expect(screen.contains("before-lacripta"), "the shell's screen is back")
        #expect(screen.contains("lacripta: internal error (\(name)); the terminal was restored."))
        #expect(!screen.contains("Press space to interact"), "the backtracer did not take the terminal")
        #expect(try await tmux.value("#{alternate_on} #{cursor_flag}") == "0 1")
        let modes = try await tmux.waitFor("tty modes") { $0.contains("icanon") }
        #expect(modes.contains("icanon") && modes.contains("echo") && modes.contains("isig"))
    }

    @Test(
        "Ctrl-Z then bg leaves the shell's screen alone (the view stops again); fg brings the view back",
        .enabled(
            if: InteractiveEndToEndTests.isAvailable && FileManager.default.isExecutableFile(atPath: "/bin/bash"),
            "needs bash, tmux and the built lacripta and lacripta-sim"),
        .timeLimit(.minutes(3)))
    func backgroundAfterSuspend() async throws {
        let home = try Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let simulator = try await SimulatorProcess.start(
            InteractiveEndToEndTests.simulator, data: InteractiveEndToEndTests.recordedData, directory: home)
        defer { simulator.stop() }
        // An interactive shell with job control, as a person has; `set -b` reports a job's stop at
        // once instead of at the next prompt, so the test can wait for it.
        let environment = Self.environment(home: home, simulator: simulator).joined(separator: " ")
        let tmux = try await TmuxSession(
            command: "env -u CRYPTOCOMPARE_API_KEY -u NO_COLOR PS1='shell$ ' \(environment) /bin/bash --norc --noprofile -i",
            columns: 120, rows: 30)
        defer { tmux.kill() }
        try await tmux.waitFor("shell$")  // capture-pane drops the trailing space
        try await tmux.type("set -b; '\(BinaryRunner.binary.path)'")
        try await tmux.send("Enter")
        try await tmux.waitFor("Bitcoin")
        #expect(try await tmux.value("#{alternate_on}") == "1")

        try await tmux.send("C-z")
        try await tmux.waitFor("Stopped")
        #expect(try await tmux.value("#{alternate_on} #{cursor_flag}") == "0 1")

        // bg continues it in the background: it must not take the screen, but stop again.
        try await tmux.type("bg")
        try await tmux.send("Enter")
        var screen = try await tmux.waitFor("the job stopped again after bg") { $0.components(separatedBy: "Stopped").count == 3 }
        #expect(try await tmux.value("#{alternate_on} #{cursor_flag}") == "0 1")
        #expect(!screen.contains("Bitcoin"), "the view did not draw over the shell")

        // fg hands it the terminal: the view is back and answers keys; q ends it normally.
        try await tmux.type("fg")
        try await tmux.send("Enter")
        try await tmux.waitFor("Bitcoin")
        #expect(try await tmux.value("#{alternate_on} #{cursor_flag}") == "1 0")
        try await tmux.send("s")
        try await tmux.waitFor("by price↓")
        try await tmux.send("q")
        try await tmux.waitFor("the shell's screen") { !$0.contains("Bitcoin") }
        try await tmux.type("echo exit=$?")
        try await tmux.send("Enter")
        screen = try await tmux.waitFor("exit=0")
        #expect(try await tmux.value("#{alternate_on} #{cursor_flag}") == "0 1")
    }
}
