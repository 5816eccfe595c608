#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes straight to a file descriptor with `write(2)`: no buffering, so what a command wrote is
/// on screen before it waits on the network, and a broken pipe is reported on the write that hit it.
public struct FileDescriptorOutput: TerminalOutput, Hashable {
    /// The descriptor written to.
    public let fileDescriptor: Int32

    /// An output for `fileDescriptor` (not closed when this value goes away).
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Standard output (descriptor 1).
    public static let standardOutput = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)
    /// Standard error (descriptor 2).
    public static let standardError = FileDescriptorOutput(fileDescriptor: STDERR_FILENO)

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { TerminalSize.isTerminal(fileDescriptor: fileDescriptor) }

    /// Makes writes to a closed pipe fail with EPIPE instead of killing the process with SIGPIPE.
    /// Process-wide, so the executable calls it once at startup; without it `.closed` is never seen
    /// because the signal ends the program first.
    public static func ignoreBrokenPipeSignal() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Writes every byte of `text`, retrying after interrupts and short writes.
    public func write(_ text: String) throws(TerminalOutputError) {
        var text = text
        // `withUTF8` rethrows untyped errors; a Result keeps the error's type.
        let written = text.withUTF8 { buffer in
            Result { () throws(TerminalOutputError) in try write(bytes: UnsafeRawBufferPointer(buffer)) }
        }
        try written.get()
    }

    /// Writes every byte of `bytes`, retrying after interrupts and short writes.
    public func write(bytes: UnsafeRawBufferPointer) throws(TerminalOutputError) {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(fileDescriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                // Someone made the descriptor non-blocking (a parent shell, a pager): wait until it drains.
                var request = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
            case EPIPE, EBADF:
                throw .closed
            default:
                throw .failed(errno: code)
            }
        }
    }
}

/// `write(2)`, named apart from the method above.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, pointer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, pointer, count)
    #else
    Darwin.write(descriptor, pointer, count)
    #endif
}
