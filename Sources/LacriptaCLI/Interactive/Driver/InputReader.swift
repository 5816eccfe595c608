import Dispatch
import LacriptaTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the terminal's bytes as they arrive and hands each chunk to `handler`, without tying up
/// a thread of the concurrency pool: a dispatch read source wakes up only when input is there,
/// and each `read(2)` then returns at once (raw mode, VMIN 1) with whatever was typed.
final class InputReader: @unchecked Sendable {
    // `source` is set once in init; `paused` is read and written only on `queue`. Dispatch
    // sources are thread-safe.
    /// What the reader saw.
    enum Chunk: Sendable {
        /// Bytes from the terminal.
        case bytes([UInt8])
        /// The process is in the background (continued with `bg`) and the read was refused. Not the
        /// end: reading is paused until `resumeReading()`, once the terminal is ours again.
        case background
        /// The terminal is gone (end of file, or a read error while in the foreground).
        case closed
    }

    private let queue: DispatchQueue
    private let source: any DispatchSourceRead
    /// Whether the source is suspended after a background read; only touched on `queue`.
    private var paused = false

    /// Starts reading `fileDescriptor`; `handler` runs on a private queue for every chunk.
    init(fileDescriptor: Int32, handler: @escaping @Sendable (Chunk) -> Void) {
        let queue = DispatchQueue(label: "lacripta.input")
        self.queue = queue
        source = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: queue)
        source.setEventHandler { [unowned self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                handler(.bytes(Array(buffer.prefix(count))))
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                return
            } else if count < 0 && !RawMode.isForeground(fileDescriptor: fileDescriptor) {
                // A background read fails with EIO (the dispatch thread blocks SIGTTIN, so the
                // kernel refuses instead of stopping us). The source would fire again at once for
                // as long as the shell has input pending: pause it rather than spin or quit.
                paused = true
                source.suspend()
                handler(.background)
            } else {
                // Hang-up: stop watching, or the source would fire forever on the dead descriptor.
                source.cancel()
                handler(.closed)
            }
        }
        source.resume()
    }

    /// Reads again after `.background`, once the process is back in the foreground; does nothing
    /// when reading was not paused.
    func resumeReading() {
        queue.async { [self] in
            guard paused else { return }
            paused = false
            source.resume()
        }
    }

    /// Stops reading (the descriptor stays open).
    func cancel() {
        queue.async { [self] in
            source.cancel()
            // A suspended source must be resumed before it is released; cancelled, it fires no more.
            if paused {
                paused = false
                source.resume()
            }
        }
    }
}
