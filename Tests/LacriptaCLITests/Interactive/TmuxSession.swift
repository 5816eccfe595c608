import Foundation
import LacriptaTestSupport

/// A private tmux server with one window running a command: send keys, read the screen, and
/// wait (bounded, by polling) until something appears, the way a person would watch a terminal.
///
/// Each session has its own server socket (`tmux -L`), so tests run in parallel without seeing
/// each other, and `kill()` ends the server and everything in it.
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
    init(command: String, columns: Int, rows: Int) throws {
        // No user config: the defaults (TERM=screen or tmux-256color) are what we promise to handle.
        // The first command forks the server, which keeps whatever descriptors it was given: with a
        // pipe as its output, reading that pipe to the end would wait for the server to exit.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command], capturing: false)
    }

    /// Runs one tmux command against this server and returns its standard output.
    @discardableResult
    func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
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
    func send(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
    }

    /// The screen as text; with `styles`, including the SGR escapes of each cell's attributes.
    func screen(styles: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (styles ? ["-e"] : []))
    }

    /// A tmux format value of the pane, e.g. `#{alternate_on}`.
    func value(_ format: String) throws -> String {
        try tmux(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Changes the window size, as a person dragging the terminal would.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
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
            screen = try self.screen(styles: styles)
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

    /// Ends the server and every process in it.
    func kill() {
        _ = try? tmux(["kill-server"], capturing: false)
    }
}
