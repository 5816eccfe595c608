import Foundation
import LacriptaTestSupport

/// A private tmux server with one window running a command: send keys, read the screen, and
/// wait (bounded, by polling) until something appears, the way a person would watch a terminal.
///
/// Each session has its own server socket (`tmux -L`), so tests run in parallel without seeing
/// each other, and `kill()` ends the server and everything in it.
///
/// Every tmux command runs and is waited for on a thread of its own (`ChildProcessGroup.offPool`),
/// as `BinaryRunner` does: Swift concurrency's pool has one thread per core, two on CI, and a dozen
/// terminal tests each polling the screen every 50 ms with a blocking spawn and wait held those
/// threads so long under load that tests with nothing to do with tmux (the view driver's, on a
/// test clock) ran out their 60 s limits, 27 failures in one run of `make test` beside a build.
struct TmuxSession {
    /// Why a wait ended without seeing what it waited for.
    struct Timeout: Error, CustomStringConvertible {
        let expected: String
        let screen: String
        var description: String { "timed out waiting for \(expected); the screen showed:\n\(screen)" }
    }

    /// The tmux executable, if installed.
    static let executable: URL? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The server socket name.
    let socket = "lacripta-e2e-\(UUID().uuidString.prefix(8))"

    /// Starts a detached session of `columns`×`rows` running `command` through `/bin/sh -c`.
    init(command: String, columns: Int, rows: Int) async throws {
        // No user config: the defaults (TERM=screen or tmux-256color) are what we promise to handle.
        // The first command forks the server, which keeps whatever descriptors it was given: with a
        // pipe as its output, reading that pipe to the end would wait for the server to exit.
        try await tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command], capturing: false)
    }

    /// Runs one tmux command against this server and returns its standard output.
    @discardableResult
    func tmux(_ arguments: [String], capturing: Bool = true) async throws -> String {
        let socket = socket
        return try await ChildProcessGroup.offPool { try Self.run(arguments, socket: socket, capturing: capturing) }
    }

    /// Runs one tmux command and waits for it, blocking the calling thread.
    private static func run(_ arguments: [String], socket: String, capturing: Bool) throws -> String {
        guard let executable = Self.executable else { throw CocoaError(.fileNoSuchFile) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        // `ChildProcessGroup` closes every other descriptor: the tmux server `new-session` forks
        // keeps what it is given, so a descriptor of ours handed down would never see its end.
        let child = try ChildProcessGroup(
            executable.path, ["-L", socket] + arguments, environment: environment, stdout: capturing ? .pipe : .null, stderr: .null)
        let output = capturing ? child.readToEnd(timeout: 60).stdout : []
        _ = child.waitForExit(timeout: 60)
        return String(decoding: output, as: UTF8.self)
    }

    /// Sends keys in tmux's notation ("j", "Enter", "Escape", "BSpace", "C-u").
    func send(_ keys: String...) async throws {
        try await tmux(["send-keys"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-l", text])
    }

    /// The screen as text; with `styles`, including the SGR escapes of each cell's attributes.
    func screen(styles: Bool = false) async throws -> String {
        try await tmux(["capture-pane", "-p"] + (styles ? ["-e"] : []))
    }

    /// A tmux format value of the pane, e.g. `#{alternate_on}`.
    func value(_ format: String) async throws -> String {
        try await tmux(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Changes the window size, as a person dragging the terminal would.
    func resize(columns: Int, rows: Int) async throws {
        try await tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Polls the screen every 50 ms until `condition` holds, for at most `timeout` seconds;
    /// returns the screen that satisfied it.
    @discardableResult
    func waitFor(
        _ description: String, timeout: TimeInterval = 60, styles: Bool = false, _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        repeat {
            screen = try await self.screen(styles: styles)
            if condition(screen) { return screen }
            try await Task.sleep(for: .milliseconds(50))
        } while Date() < deadline
        throw Timeout(expected: description, screen: screen)
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 60) async throws -> String {
        try await waitFor("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Ends the server and every process in it. Blocking, for `defer`: once per test.
    func kill() {
        _ = try? Self.run(["kill-server"], socket: socket, capturing: false)
    }
}
