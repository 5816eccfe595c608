import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the terminal's bytes as they arrive and hands each chunk to `handler`, without tying up
/// a thread of the concurrency pool: a dispatch read source wakes up only when input is there,
/// and each `read(2)` then returns at once (raw mode, VMIN 1) with whatever was typed.
final class InputReader: @unchecked Sendable {
    // `source` is set once in init and only cancelled afterwards; dispatch sources are thread-safe.
    /// What the reader saw.
    enum Chunk: Sendable {
        /// Bytes from the terminal.
        case bytes([UInt8])
        /// The terminal is gone (end of file or a read error other than an interrupt).
        case closed
    }

    private let source: any DispatchSourceRead

    /// Starts reading `fileDescriptor`; `handler` runs on a private queue for every chunk.
    init(fileDescriptor: Int32, handler: @escaping @Sendable (Chunk) -> Void) {
        let queue = DispatchQueue(label: "lacripta.input")
        source = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: queue)
        let source = source
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                handler(.bytes(Array(buffer.prefix(count))))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                // Hang-up: stop watching, or the source would fire forever on the dead descriptor.
                source.cancel()
                handler(.closed)
            }
        }
        source.resume()
    }

    /// Stops reading (the descriptor stays open).
    func cancel() {
        source.cancel()
    }
}
