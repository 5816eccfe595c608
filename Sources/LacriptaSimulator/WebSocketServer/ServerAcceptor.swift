import Foundation
import LacriptaNet
import LacriptaNetServer

/// The accepting half of `WebSocketServer`: a listener polled by one thread, which hands each new
/// socket to its own connection thread.
final class ServerAcceptor: Sendable {
    /// The bound port.
    let port: UInt16
    /// Whether connections speak TLS.
    var usesTLS: Bool { tls != nil }

    private let listener: TCPListener
    private let tls: ServerTLSContext?
    private let behavior: WebSocketServer.Behavior
    private let onConnection: (@Sendable (WebSocketServerConnection) -> Void)?
    /// Whether upgraded connections are queued for `nextConnection` (see `WebSocketServer.init`).
    private let keepsConnections: Bool
    private let wake: WakePipe
    private let stopped = Locked(false)
    private let accepted = DeadlineQueue<WebSocketServerConnection>()
    private let live = Locked<[ObjectIdentifier: WebSocketServerConnection]>([:])

    /// Binds the listener and loads the TLS identity; `start` begins accepting.
    init(
        host: String, port: UInt16, tls: WebSocketServer.TLSIdentity?, behavior: WebSocketServer.Behavior,
        keepsConnections: Bool = true, onConnection: (@Sendable (WebSocketServerConnection) -> Void)?
    ) throws {
        listener = try TCPListener(host: host, port: port)
        self.port = listener.port
        self.tls = try tls.map { try ServerTLSContext(certificateFile: $0.certificateFile, privateKeyFile: $0.privateKeyFile) }
        self.behavior = behavior
        self.onConnection = onConnection
        self.keepsConnections = keepsConnections
        wake = try WakePipe()
    }

    /// Starts the accept thread.
    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "websocket-server-accept"
        thread.start()
    }

    /// Accepts until stopped, and serves `nextConnection` deadlines meanwhile.
    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let ready = Posix.wait(
                listener.fileDescriptor, readable: true, writable: false, wake: wake.readEnd,
                timeout: Deadline.pollTimeout(accepted.earliestDeadline))
            if ready.woken { wake.drain() }
            accepted.expire()
            guard ready.readable else { continue }
            while !stopped.withLock({ $0 }), let fd = listener.accept() {
                spawn(fd)
            }
        }
        listener.close()
        accepted.close()
    }

    /// Serves one accepted socket on a new thread.
    private func spawn(_ fd: Int32) {
        let thread = Thread { [self] in
            guard let connection = ServerConnectionLoop.handshake(fd: fd, tls: tls, behavior: behavior) else { return }
            let key = ObjectIdentifier(connection)
            let isStopped = stopped.withLock { stopped in
                if !stopped { live.withLock { $0[key] = connection } }
                return stopped
            }
            guard !isStopped else {
                connection.dropConnection()
                connection.loop.run(onUpgrade: { _ in })
                return
            }
            connection.loop.run { connection in
                onConnection?(connection)
                if keepsConnections { accepted.post(connection) }
            }
            live.withLock { _ = $0.removeValue(forKey: key) }
        }
        thread.name = "websocket-server-connection"
        thread.start()
    }

    /// The next upgraded connection, or nil after `timeout`.
    func nextConnection(timeout: Duration) async -> WebSocketServerConnection? {
        await accepted.next(timeout: timeout) { [wake] in wake.signal() }
    }

    /// Stops accepting and drops open connections.
    func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        wake.signal()
        let connections = live.withLock { live in
            defer { live = [:] }
            return Array(live.values)
        }
        for connection in connections { connection.dropConnection() }
    }
}
