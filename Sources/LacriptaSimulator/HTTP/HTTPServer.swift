import Foundation
import LacriptaNet
import LacriptaNetServer

/// A small HTTP/1.1 server bound to 127.0.0.1, for the offline simulator and tests, on the same
/// sockets as everything else (`TCPListener`, `TCPByteStream`, `Posix.wait`).
///
/// Threading: `init` binds, listens and starts one accept thread; every accepted connection (up
/// to `maximumConnections`) gets its own thread that parses requests, calls `handler` and writes
/// answers (keep-alive and `Connection: close` both work, pipelined requests are answered in
/// order). The handler is therefore called concurrently from several threads and must be
/// thread-safe (`@Sendable`). `stop()` may be called from any thread, any number of times.
public final class HTTPServer: Sendable {
    /// Answers one request; called on connection threads, possibly concurrently.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The bound port (the real one when 0 was asked for).
    public let port: UInt16

    private let listener: TCPListener
    private let handler: Handler
    /// Fired once by `stop()`; every thread of this server polls it alongside its socket.
    private let stopSignal: StopSignal
    /// Connections being served; nil once stopped, so none is registered after `stop()`.
    private let openConnections = Locked<Int?>(0)
    /// Signalled by the accept thread when it has closed the listener and exited.
    private let acceptLoopFinished = NSCondition()
    private let acceptLoopRunning = Locked(true)
    /// How long an idle keep-alive connection (or a client that stops reading) is kept.
    private let idleTimeout: Duration
    /// Connections served at once; more are closed on arrival, so a runaway client cannot
    /// make the simulator spawn threads without limit.
    public static let maximumConnections = 256

    /// Binds 127.0.0.1:`port` (0 picks a free one) and starts serving with `handler`. Throws
    /// `NetError` when the port cannot be bound.
    public init(port: UInt16 = 0, idleTimeoutSeconds: Int = 30, handler: @escaping Handler) throws(NetError) {
        listener = try TCPListener(host: "127.0.0.1", port: port)  // 127.0.0.1 only: never expose the fake
        stopSignal = try StopSignal()
        self.port = listener.port
        self.handler = handler
        idleTimeout = .seconds(idleTimeoutSeconds)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "lacripta-sim accept :\(listener.port)"
        thread.start()
    }

    /// Stops accepting, closes the listener and cuts every open connection (also ones waiting
    /// in a slow-mode delay). Returns once the listener is closed, so new connects are refused.
    public func stop() {
        openConnections.withLock { $0 = nil }
        // Every connection thread polls the signal with its socket and closes its own
        // descriptor, so a number is never closed twice or after the system reused it.
        stopSignal.fire()
        acceptLoopFinished.lock()
        while acceptLoopRunning.withLock({ $0 }) { acceptLoopFinished.wait() }
        acceptLoopFinished.unlock()
    }

    private func acceptLoop() {
        defer {
            listener.close()
            acceptLoopFinished.lock()
            acceptLoopRunning.withLock { $0 = false }
            acceptLoopFinished.broadcast()
            acceptLoopFinished.unlock()
        }
        while true {
            let ready = Posix.wait(listener.fileDescriptor, readable: true, writable: false, wake: stopSignal.readEnd, timeout: -1)
            if ready.woken { return }
            guard ready.readable else { continue }
            while let descriptor = listener.accept() {
                let registered = openConnections.withLock { count -> Bool in
                    guard let current = count, current < Self.maximumConnections else { return false }
                    count = current + 1
                    return true
                }
                guard registered else {
                    Posix.close(descriptor)
                    continue  // stopping (the next poll sees the signal) or full
                }
                let connection = HTTPConnection(
                    descriptor: descriptor, handler: handler, stopSignal: stopSignal, idleTimeout: idleTimeout)
                let thread = Thread { [self] in
                    connection.run()
                    openConnections.withLock { count in count = count.map { $0 - 1 } }
                }
                thread.name = "lacripta-sim connection"
                thread.start()
            }
        }
    }
}
