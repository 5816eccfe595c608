/// A client connection (TCP, optionally TLS) driven in blocking style by the one thread that owns
/// it, with every step bounded by one deadline and interruptible through a wake pipe.
///
/// For short request/response exchanges: the HTTP client's whole exchange, and the WebSocket
/// client's opening handshake, after which its driver takes the stream into its own poll loop
/// (it reads and writes at once; this only ever does one or the other). The socket stays
/// non-blocking underneath, so the deadline holds even when the peer goes silent in the middle
/// of a TLS record.
public final class BlockingConnection {
    /// The transport; nil once `takeStream` has handed it over.
    private var stream: (any ByteStream)?
    private let deadline: Deadline
    private let wake: WakePipe?
    private let isCancelled: () -> Bool
    /// `host:port` as errors name it.
    private let described: String

    private init(stream: any ByteStream, deadline: Deadline, wake: WakePipe?, isCancelled: @escaping () -> Bool, described: String) {
        self.stream = stream
        self.deadline = deadline
        self.wake = wake
        self.isCancelled = isCancelled
        self.described = described
    }

    /// Connects to `target` and, when it uses TLS, runs the TLS handshake, verifying the
    /// server's certificate for its host against the system store plus `caFile`. Connecting must
    /// finish before `connectDeadline`; everything after it (TLS, and this connection's reads and
    /// writes) before `deadline`, which is made once connected. A deadline that passes after
    /// connecting is `.timedOut`; `.cancelled` means `wake` fired and `isCancelled` said so.
    public static func open(
        target: URLTarget, caFile: String?, connectDeadline: Deadline, deadline: () -> Deadline, wake: WakePipe?,
        isCancelled: @escaping () -> Bool
    ) throws(NetError) -> BlockingConnection {
        Posix.ignoreSIGPIPE
        let described = target.hostHeader
        let fd = try TCPConnector.connect(
            host: target.host, port: target.port, deadline: connectDeadline, wake: wake, isCancelled: isCancelled)
        let deadline = deadline()
        guard target.usesTLS else {
            return BlockingConnection(
                stream: TCPByteStream(fileDescriptor: fd), deadline: deadline, wake: wake, isCancelled: isCancelled, described: described)
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
            fileDescriptor: fd, host: target.host, context: context, deadline: deadline, wake: wake, isCancelled: isCancelled,
            endpoint: described)
        return BlockingConnection(stream: stream, deadline: deadline, wake: wake, isCancelled: isCancelled, described: described)
        #else
        Posix.close(fd)
        throw NetError(.tlsUnavailable, endpoint: described)
        #endif
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(NetError) {
        guard let stream else { throw NetError(.connectionLost, endpoint: described) }
        var offset = 0
        while offset < bytes.count {
            let result: IOResult
            do {
                // `withUnsafeBytes` rethrows untyped; the Result keeps the stream's NetError typed.
                result = try bytes.withUnsafeBytes { raw in
                    Result { () throws(NetError) in try stream.write(UnsafeRawBufferPointer(rebasing: raw[offset...])) }
                }.get()
            } catch {
                throw located(error)
            }
            switch result {
            case .transferred(let count): offset += count
            case .closed: throw NetError(.connectionLost, endpoint: described, detail: "the server closed the connection")
            case .wouldBlock(let writable): try wait(on: stream, writable: writable)
            }
        }
    }

    /// Reads what is available into `buffer`, waiting for at least one byte; 0 means the peer
    /// closed.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(NetError) -> Int {
        guard let stream else { return 0 }
        while true {
            let result: IOResult
            do {
                result = try stream.read(into: buffer)
            } catch {
                throw located(error)
            }
            switch result {
            case .transferred(let count): return count
            case .closed: return 0
            case .wouldBlock(let writable): try wait(on: stream, writable: writable)
            }
        }
    }

    /// Polls until the socket is ready, the deadline passes, or the caller cancels.
    private func wait(on stream: any ByteStream, writable: Bool) throws(NetError) {
        if deadline.hasPassed { throw NetError(.timedOut, endpoint: described) }
        let ready = Posix.wait(
            stream.fileDescriptor, readable: !writable, writable: writable, wake: wake?.readEnd,
            timeout: deadline.remainingMilliseconds)
        if ready.woken {
            wake?.drain()
            if isCancelled() { throw NetError(.cancelled, endpoint: described) }
        }
        if !ready.readable, !ready.writable, deadline.hasPassed { throw NetError(.timedOut, endpoint: described) }
    }

    /// A stream error with this connection's endpoint, which the stream itself does not know.
    private func located(_ error: NetError) -> NetError {
        error.endpoint == nil ? NetError(error.kind, endpoint: described, detail: error.detail) : error
    }

    /// Hands the open stream over (the WebSocket driver's poll loop takes it after the
    /// handshake); this connection then neither reads, writes nor closes it.
    public func takeStream() -> (any ByteStream)? {
        defer { stream = nil }
        return stream
    }

    /// Sends TLS close_notify where there is one and closes the socket. Idempotent.
    public func close() {
        stream?.close()
        stream = nil
    }

    deinit { stream?.close() }
}
