import Foundation
import LacriptaWebSocket

/// A small threaded WebSocket server on 127.0.0.1 for tests and the offline simulator: real TCP
/// (optionally TLS), real framing, and hooks to misbehave on purpose.
///
/// One thread accepts; each connection gets its own I/O thread (see `WebSocketServerConnection`).
public final class WebSocketServer: Sendable {
    /// A certificate chain and key (PEM files) for wss://.
    public struct TLSIdentity: Sendable {
        /// PEM certificate chain, leaf first.
        public var certificateFile: String
        /// PEM private key of the leaf.
        public var privateKeyFile: String

        /// Creates an identity from two PEM files.
        public init(certificateFile: String, privateKeyFile: String) {
            self.certificateFile = certificateFile
            self.privateKeyFile = privateKeyFile
        }
    }

    /// How the server answers an upgrade request.
    public enum UpgradeResponse: Sendable {
        /// A correct `101 Switching Protocols`.
        case accept
        /// An HTTP error such as 401 with a body; the connection then closes.
        case reject(status: Int, body: String)
        /// Exactly these bytes, computed from the client's `Sec-WebSocket-Key`: a wrong accept
        /// value, a missing header, or a 101 followed by frame bytes in the same write.
        case raw(@Sendable (_ key: String) -> [UInt8])
    }

    /// Automatic behaviour of every connection.
    public struct Behavior: Sendable {
        /// The upgrade answer.
        public var upgrade: UpgradeResponse
        /// Send every data message back (the echo server of the tests).
        public var echoMessages: Bool
        /// Answer pings with pongs.
        public var answerPings: Bool
        /// Echo a client's Close and then close TCP, as RFC 6455 §7.1.1 asks of servers.
        public var answerClose: Bool

        /// Creates a behaviour; the defaults are a well-behaved, non-echoing server.
        public init(upgrade: UpgradeResponse = .accept, echoMessages: Bool = false, answerPings: Bool = true, answerClose: Bool = true) {
            self.upgrade = upgrade
            self.echoMessages = echoMessages
            self.answerPings = answerPings
            self.answerClose = answerClose
        }
    }

    /// The port the server listens on (the one the OS chose for port 0).
    public let port: UInt16
    /// The host the server is bound to.
    public let host: String

    private let acceptor: ServerAcceptor

    /// Starts listening on `host:port` (port 0 = any free port). `onConnection` runs on the
    /// connection's I/O thread right after the upgrade, before any frame is read: the place to set
    /// `onMessage`. Throws `NetError` if the port cannot be bound or the TLS files not loaded.
    ///
    /// `keepsConnections` queues every upgraded connection for `nextConnection`, which tests
    /// read (also after the connection ended). A long-running server whose handler takes every
    /// connection passes false: queued and never taken, each connection (and its wake pipe's two
    /// descriptors) stayed alive for the server's lifetime, so a soak run's simulator grew by two
    /// descriptors per reconnect.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 0, tls: TLSIdentity? = nil, behavior: Behavior = Behavior(),
        keepsConnections: Bool = true, onConnection: (@Sendable (WebSocketServerConnection) -> Void)? = nil
    ) throws {
        acceptor = try ServerAcceptor(
            host: host, port: port, tls: tls, behavior: behavior, keepsConnections: keepsConnections, onConnection: onConnection)
        self.port = acceptor.port
        self.host = host
        acceptor.start()
    }

    /// A ws:// (or wss:// when TLS is on) URL for `path` on this server.
    public func url(path: String = "/", host overrideHost: String? = nil) -> URL {
        let scheme = acceptor.usesTLS ? "wss" : "ws"
        let name = overrideHost ?? (host.contains(":") ? "[\(host)]" : host)
        return URL(string: "\(scheme)://\(name):\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// The next connection whose upgrade completed, or nil after `timeout`; only for a server
    /// started without `onConnection` (with one, the handler gets every connection instead).
    public func nextConnection(timeout: Duration = .seconds(60)) async -> WebSocketServerConnection? {
        await acceptor.nextConnection(timeout: timeout)
    }

    /// Stops accepting and drops every open connection. Idempotent.
    public func stop() {
        acceptor.stop()
    }

    deinit { acceptor.stop() }
}
