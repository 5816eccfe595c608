/// A client connection (TCP, optionally TLS) driven in blocking style by the one thread that owns
/// it, with every step bounded by one deadline and interruptible through a wake pipe.
///
/// For short request/response exchanges such as the REST client's: the WebSocket connection has
/// its own poll loop because it reads and writes at once, this one only ever does one or the
/// other. The socket stays non-blocking underneath, so the deadline holds even when the peer goes
/// silent in the middle of a TLS record.
package final class BlockingConnection {
    /// Thrown when the deadline passes while waiting to read or write.
    package struct TimedOut: Error {}

    private let stream: any ByteStream
    private let deadline: Deadline
    private let wake: WakePipe?
    private let isCancelled: () -> Bool

    private init(stream: any ByteStream, deadline: Deadline, wake: WakePipe?, isCancelled: @escaping () -> Bool) {
        self.stream = stream
        self.deadline = deadline
        self.wake = wake
        self.isCancelled = isCancelled
    }

    /// Connects to `host:port` and, with `useTLS`, runs the TLS handshake, verifying the server's
    /// certificate for `host` against the system store plus `caFile`. Throws `WebSocketError`
    /// (connect and TLS failures, including `.connectTimedOut` / `.handshakeTimedOut`) or
    /// `TCPConnector.Cancelled` when `wake` fired and `isCancelled` said so.
    package static func open(
        host: String, port: UInt16, useTLS: Bool, caFile: String?, deadline: Deadline, wake: WakePipe?,
        isCancelled: @escaping () -> Bool
    ) throws -> BlockingConnection {
        Posix.ignoreSIGPIPE
        let endpoint = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let fd = try TCPConnector.connect(host: host, port: port, deadline: deadline, wake: wake, isCancelled: isCancelled)
        guard useTLS else {
            return BlockingConnection(stream: TCPByteStream(fileDescriptor: fd), deadline: deadline, wake: wake, isCancelled: isCancelled)
        }
        #if canImport(COpenSSL)
            let context: TLSClientContext
            do {
                context = try TLSClientContext(caFile: caFile)
            } catch {
                Posix.close(fd)
                throw error
            }
            let stream = try TLSByteStream.connect(
                fileDescriptor: fd, host: host, context: context, deadline: deadline, wake: wake,
                isCancelled: isCancelled, endpoint: endpoint)
            return BlockingConnection(stream: stream, deadline: deadline, wake: wake, isCancelled: isCancelled)
        #else
            Posix.close(fd)
            throw WebSocketError(.tlsUnavailable, endpoint: endpoint)
        #endif
    }

    /// Writes all of `bytes`. Throws `TimedOut`, `TCPConnector.Cancelled` or `WebSocketError`.
    package func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let result = try bytes.withUnsafeBytes { try stream.write(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case .transferred(let count): offset += count
            case .closed: throw WebSocketError(.connectionLost, detail: "the server closed the connection")
            case .wouldBlock(let writable): try wait(writable: writable)
            }
        }
    }

    /// Reads what is available into `buffer`, waiting for at least one byte; 0 means the peer
    /// closed. Throws `TimedOut`, `TCPConnector.Cancelled` or `WebSocketError`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            switch try stream.read(into: buffer) {
            case .transferred(let count): return count
            case .closed: return 0
            case .wouldBlock(let writable): try wait(writable: writable)
            }
        }
    }

    /// Polls until the socket is ready, the deadline passes, or the caller cancels.
    private func wait(writable: Bool) throws {
        if deadline.hasPassed { throw TimedOut() }
        let ready = Posix.wait(
            stream.fileDescriptor, readable: !writable, writable: writable, wake: wake?.readEnd,
            timeout: deadline.remainingMilliseconds)
        if ready.woken {
            wake?.drain()
            if isCancelled() { throw TCPConnector.Cancelled() }
        }
        if !ready.readable, !ready.writable, deadline.hasPassed { throw TimedOut() }
    }

    /// Sends TLS close_notify where there is one and closes the socket. Idempotent.
    package func close() {
        stream.close()
    }

    deinit { stream.close() }
}
