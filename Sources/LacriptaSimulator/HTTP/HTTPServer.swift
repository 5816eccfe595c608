import Foundation
import LacriptaNet

/// A small HTTP/1.1 server on POSIX sockets, bound to 127.0.0.1, for the offline simulator and tests.
///
/// Threading: `init` binds, listens and starts one accept thread; every accepted connection
/// (up to `maximumConnections`) gets its own thread that parses requests, calls `handler` and writes answers (keep-alive and
/// `Connection: close` both work, pipelined requests are answered in order). The handler is
/// therefore called concurrently from several threads and must be thread-safe (`@Sendable`).
/// `stop()` may be called from any thread, any number of times.
public final class HTTPServer: Sendable {
    /// Answers one request; called on connection threads, possibly concurrently.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The bound port (the real one when 0 was asked for).
    public let port: UInt16

    private let listener: Int32
    private let handler: Handler
    private let stopSignal: StopSignal
    /// Open connection descriptors, so `stop()` can wake their threads; `nil` once stopped.
    private let connections = Locked<Set<Int32>?>([])
    /// Signalled by the accept thread when it has closed the listener and exited.
    private let acceptLoopFinished = NSCondition()
    private let acceptLoopRunning = Locked(true)
    /// Seconds an idle keep-alive connection is kept before its thread gives up.
    private let idleTimeoutSeconds: Int
    /// Connections served at once; more are closed on arrival, so a runaway client cannot
    /// make the simulator spawn threads without limit.
    public static let maximumConnections = 256

    /// Binds 127.0.0.1:`port` (0 picks a free one) and starts serving with `handler`.
    public init(port: UInt16 = 0, idleTimeoutSeconds: Int = 30, handler: @escaping Handler) throws(SocketError) {
        let (descriptor, boundPort) = try POSIXSocket.listen(port: port)
        do {
            stopSignal = try StopSignal()
        } catch {
            POSIXSocket.close(descriptor)
            throw error
        }
        listener = descriptor
        self.port = boundPort
        self.handler = handler
        self.idleTimeoutSeconds = idleTimeoutSeconds
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "lacripta-sim accept :\(boundPort)"
        thread.start()
    }

    /// Stops accepting, closes the listener and cuts every open connection (also ones waiting
    /// in a slow-mode delay). Returns once the listener is closed, so new connects are refused.
    public func stop() {
        let open = connections.withLock { set -> Set<Int32> in
            let current = set ?? []
            set = nil
            return current
        }
        stopSignal.fire()
        // Only wake the connection threads here; each closes its own descriptor, so a number
        // is never closed twice or closed after the system has reused it for another file.
        for descriptor in open { POSIXSocket.shutdownBoth(descriptor) }
        acceptLoopFinished.lock()
        while acceptLoopRunning.withLock({ $0 }) { acceptLoopFinished.wait() }
        acceptLoopFinished.unlock()
    }

    private func acceptLoop() {
        defer {
            POSIXSocket.close(listener)
            acceptLoopFinished.lock()
            acceptLoopRunning.withLock { $0 = false }
            acceptLoopFinished.broadcast()
            acceptLoopFinished.unlock()
        }
        while true {
            let ready = POSIXSocket.waitReadable([listener, stopSignal.readDescriptor], timeoutMilliseconds: -1)
            if ready.contains(stopSignal.readDescriptor) { return }
            guard ready.contains(listener), let descriptor = POSIXSocket.accept(listener) else { continue }
            let registered = connections.withLock { set -> Bool in
                guard let current = set, current.count < Self.maximumConnections else { return false }
                set?.insert(descriptor)
                return true
            }
            guard registered else {
                POSIXSocket.close(descriptor)
                continue  // stopping (the next poll sees the signal) or full
            }
            POSIXSocket.setReceiveTimeout(descriptor, seconds: idleTimeoutSeconds)
            let connection = HTTPConnection(descriptor: descriptor, handler: handler, stopSignal: stopSignal)
            let thread = Thread { [self] in
                connection.run()
                connections.withLock { _ = $0?.remove(descriptor) }
                POSIXSocket.close(descriptor)
            }
            thread.name = "lacripta-sim connection"
            thread.start()
        }
    }
}
