#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP `ByteStream` over a non-blocking socket.
public final class TCPByteStream: ByteStream {
    public private(set) var fileDescriptor: Int32

    /// Takes ownership of a connected, non-blocking socket.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// The kernel buffers everything, and poll sees it.
    public var hasBufferedBytes: Bool { false }

    /// recv(2); EAGAIN becomes `.wouldBlock`, 0 becomes `.closed`, errors are a lost connection.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(NetError) -> IOResult {
        while true {
            let count = recv(fileDescriptor, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .transferred(count) }
            if count == 0 { return .closed }
            let code = Posix.errorNumber
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(waitForWritable: false)
            default: throw NetError(.connectionLost, detail: Posix.describe(code))
            }
        }
    }

    /// send(2) without SIGPIPE; EAGAIN becomes `.wouldBlock`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(NetError) -> IOResult {
        while true {
            let count = send(fileDescriptor, bytes.baseAddress, bytes.count, Posix.sendFlags)
            if count >= 0 { return .transferred(count) }
            let code = Posix.errorNumber
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(waitForWritable: true)
            default: throw NetError(.connectionLost, detail: Posix.describe(code))
            }
        }
    }

    /// shutdown(2) of the sending side.
    public func shutdownWrite() {
        guard fileDescriptor >= 0 else { return }
        Posix.shutdownWrite(fileDescriptor)
    }

    /// Closes the socket once.
    public func close() {
        guard fileDescriptor >= 0 else { return }
        Posix.close(fileDescriptor)
        fileDescriptor = -1
    }

    deinit { close() }
}
