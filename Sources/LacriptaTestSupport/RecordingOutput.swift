import Foundation
import LacriptaTerminal

/// A `TerminalOutput` that keeps everything written, for tests in any target.
///
/// `closeReader()` simulates the reader going away (`lacripta top | head -1`): every later write
/// throws `.closed`, so tests can check that a command stops quietly.
// @unchecked Sendable: the only mutable state is behind `lock`, taken for every access.
public final class RecordingOutput: TerminalOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var recordedWrites: [String] = []
    private var readerClosed = false

    /// An empty recording with the reader open.
    public init() {}

    /// Each successful write, in order.
    public var writes: [String] {
        locked { recordedWrites }
    }

    /// Everything written so far, as one string.
    public var text: String {
        locked { recordedWrites.joined() }
    }

    /// Records `text`, or throws `.closed` after `closeReader()`.
    public func write(_ text: String) throws(TerminalOutputError) {
        let accepted = locked {
            if !readerClosed { recordedWrites.append(text) }
            return !readerClosed
        }
        if !accepted { throw .closed }
    }

    /// Makes every later write fail with `.closed`, as if the reading end of a pipe went away.
    public func closeReader() {
        locked { readerClosed = true }
    }

    /// Forgets what was written so far (the reader stays as it is).
    public func clear() {
        locked { recordedWrites.removeAll() }
    }

    /// Runs `body` holding the lock (`NSLock.withLock` needs macOS 14; we support 13).
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
