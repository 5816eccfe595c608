#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP `ByteStream` over a non-blocking socket.
package final class TCPByteStream: ByteStream {
    package private(set) var fileDescriptor: Int32

    /// Takes ownership of a connected, non-blocking socket.
    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// The kernel buffers everything, and poll sees it.
    package var hasBufferedBytes: Bool { false }

    /// recv(2); EAGAIN becomes `.wouldBlock`, 0 becomes `.closed`, errors are a lost connection.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(WebSocketError) -> IOResult {
        while true {
            let count = recv(fileDescriptor, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .transferred(count) }
            if count == 0 { return .closed }
            let code = Posix.errorNumber
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(waitForWritable: false)
            default: throw WebSocketError(.connectionLost, detail: Posix.describe(code))
            }
        }
    }

    /// send(2) without SIGPIPE; EAGAIN becomes `.wouldBlock`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(WebSocketError) -> IOResult {
        while true {
            let count = send(fileDescriptor, bytes.baseAddress, bytes.count, Posix.sendFlags)
            if count >= 0 { return .transferred(count) }
            let code = Posix.errorNumber
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(waitForWritable: true)
            default: throw WebSocketError(.connectionLost, detail: Posix.describe(code))
            }
        }
    }

    /// shutdown(2) of the sending side.
    package func shutdownWrite() {
        guard fileDescriptor >= 0 else { return }
        Posix.shutdownWrite(fileDescriptor)
    }

    /// Closes the socket once.
    package func close() {
        guard fileDescriptor >= 0 else { return }
        Posix.close(fileDescriptor)
        fileDescriptor = -1
    }

    deinit { close() }
}
