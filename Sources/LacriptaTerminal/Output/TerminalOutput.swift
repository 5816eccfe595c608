#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where rendered text goes: stdout, stderr, or a recording in tests.
///
/// The one seam between lacripta and the terminal. Commands write through it (never `print`), so
/// tests can capture output (`RecordingOutput`, in LacriptaTestSupport) and a closed pipe surfaces
/// as an error the command can stop on instead of a crash.
public protocol TerminalOutput: Sendable {
    /// Writes all of `text`, in order. Throws `.closed` once the reader is gone (`| head` exited,
    /// stdout closed); callers should stop writing and end quietly.
    func write(_ text: String) throws(TerminalOutputError)

    /// Writes all of `bytes` (UTF-8 text), in order; throws as `write(_:)` does. For output built as
    /// bytes (NDJSON at a million lines a second), so no `String` is made just to be taken apart again.
    func write(bytes: UnsafeRawBufferPointer) throws(TerminalOutputError)
}

extension TerminalOutput {
    /// Decodes `bytes` and writes the text: right for outputs that keep strings.
    public func write(bytes: UnsafeRawBufferPointer) throws(TerminalOutputError) {
        try write(String(decoding: bytes, as: UTF8.self))
    }
}

/// Why a write to a `TerminalOutput` failed.
public enum TerminalOutputError: Error, Sendable, Hashable {
    /// The reader went away (EPIPE) or the descriptor is closed (EBADF): nobody will read more.
    /// Not worth an error message; end the program quietly.
    case closed
    /// Any other write error, with its `errno` (for example ENOSPC when a redirected disk fills).
    case failed(errno: Int32)

    /// What went wrong in words, e.g. "the disk is full", for "cannot write output: …".
    public var userMessage: String {
        switch self {
        case .closed:
            return "the output was closed"
        case .failed(let code):
            switch code {
            case ENOSPC: return "the disk is full (no space left on the device)"
            case EDQUOT: return "the disk quota is used up"
            case EFBIG: return "the output file is too large"
            case EIO: return "an I/O error on the device"
            case EAGAIN: return "the output does not accept more right now (non-blocking)"
            default: return strerror(code).map { String(cString: $0) } ?? "error \(code)"
            }
        }
    }
}
