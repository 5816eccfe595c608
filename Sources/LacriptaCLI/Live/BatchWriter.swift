import Foundation
import LacriptaTerminal

/// Collects output lines and writes them in large batches, so a fast stream of updates costs a
/// few system calls a second instead of one per line. A timer flushes what is pending, so a slow
/// stream still appears promptly.
final class BatchWriter: @unchecked Sendable {
    // `pending` and `failure` are only touched with `lock` held; the output is written with the
    // lock held too, so batches never interleave.
    private let lock = NSLock()
    private let output: any TerminalOutput
    private var pending: OutputBytes
    private var failure: TerminalOutputError?
    /// Pending bytes that trigger an immediate write.
    private let threshold: Int

    /// A writer to `output` that writes once `threshold` bytes are pending.
    init(output: any TerminalOutput, threshold: Int = 64 * 1024) {
        self.output = output
        self.threshold = threshold
        pending = OutputBytes(capacity: threshold + 64 * 1024)
    }

    /// Appends through `body` (which writes into the pending bytes) and writes if enough is pending.
    func append(_ body: (inout OutputBytes) -> Void) throws(TerminalOutputError) {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        body(&pending)
        if pending.bytes.count >= threshold { try writePending() }
    }

    /// Writes whatever is pending.
    func flush() throws(TerminalOutputError) {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        try writePending()
    }

    private func writePending() throws(TerminalOutputError) {
        guard !pending.bytes.isEmpty else { return }
        do {
            // Everything appended is UTF-8 (literals, digits, escaped or rendered text).
            try output.write(String(decoding: pending.bytes, as: UTF8.self))
            pending.bytes.removeAll(keepingCapacity: true)
        } catch {
            failure = error
            throw error
        }
    }
}
