import LacriptaNet

/// Everything that can go wrong opening or using a WebSocket connection, with a message a user
/// can act on. Messages never contain header values, the request path or query (which may hold
/// an API key), or text from the wire.
public struct WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failure class; callers map it to exit codes and retry decisions.
    public enum Kind: Sendable, Hashable {
        /// The URL is not ws:// or wss:// with a host and a valid port.
        case invalidURL
        /// A caller-supplied header had an empty name, a colon in the name, a line break, or was
        /// one the client sets itself (Host, Upgrade, Sec-WebSocket-*, ...).
        case invalidHeader
        /// DNS could not resolve the host.
        case hostNotFound
        /// Every address refused the TCP connection.
        case connectionRefused
        /// No TCP connection within the connect timeout.
        case connectTimedOut
        /// TLS plus the HTTP upgrade did not finish within the handshake timeout.
        case handshakeTimedOut
        /// Some other socket-level failure (unreachable network, ...).
        case networkFailure
        /// wss:// was requested where this build has no TLS support.
        case tlsUnavailable
        /// The extra CA bundle could not be loaded.
        case caFileUnreadable
        /// The server certificate does not chain to a trusted CA.
        case tlsUntrustedCertificate
        /// The certificate is valid but not for this host name or IP.
        case tlsHostnameMismatch
        /// The certificate has expired or is not yet valid.
        case tlsCertificateExpired
        /// Any other TLS handshake failure (protocol version, cipher, ...).
        case tlsHandshakeFailed
        /// The server answered the upgrade with a status other than 101 (see `httpStatus`).
        case upgradeRejected
        /// The server answered 101 but the response broke RFC 6455 §4.1.
        case invalidHandshake(HandshakeFailure)
        /// The peer broke the protocol; we failed the connection with `violation.closeCode`.
        case protocolViolation(ProtocolViolation)
        /// The connection dropped without a closing handshake (close code 1006).
        case connectionLost
        /// `send` was called after the connection started closing.
        case notOpen
        /// The system's WebSocket support is missing: FoundationNetworking over a libcurl built
        /// without WebSockets (the URLSession client on Linux; the product uses the native one there).
        case webSocketsUnavailable
    }

    /// The failure class.
    public let kind: Kind
    /// The HTTP status of a rejected upgrade (401 for a bad API key, 429, ...).
    public let httpStatus: Int?
    /// The body of a rejected upgrade, at most a few KiB. Untrusted: sanitize before display.
    public let responseBody: [UInt8]
    /// Host and port the error is about, when known; never the path or query.
    public let endpoint: String?
    /// An operating-system or TLS-library detail (e.g. "Connection reset by peer").
    public let detail: String?

    /// Creates an error.
    public init(
        _ kind: Kind, httpStatus: Int? = nil, responseBody: [UInt8] = [], endpoint: String? = nil, detail: String? = nil
    ) {
        self.kind = kind
        self.httpStatus = httpStatus
        self.responseBody = responseBody
        self.endpoint = endpoint
        self.detail = detail
    }

    /// The close code this error corresponds to: the one we sent for a violation, 1006 for a
    /// lost connection, nil for failures before the connection opened.
    public var closeCode: CloseCode? {
        switch kind {
        case .protocolViolation(let violation): violation.closeCode
        case .connectionLost: .abnormalClosure
        default: nil
        }
    }

    /// A one-line message that says what happened and, where possible, what to do.
    public var userMessage: String {
        let target = endpoint.map { " \($0)" } ?? ""
        let base: String =
            switch kind {
            case .invalidURL: "invalid WebSocket URL: use ws://host[:port]/path or wss://host[:port]/path"
            case .invalidHeader: "invalid WebSocket request header (empty name, line break, or a header the client sets itself)"
            case .hostNotFound: "could not resolve host\(target): check the host name and your network"
            case .connectionRefused: "connection refused by\(target): is the server running?"
            case .connectTimedOut: "timed out connecting to\(target)"
            case .handshakeTimedOut: "timed out waiting for the WebSocket handshake with\(target)"
            case .networkFailure: "network error talking to\(target)"
            case .tlsUnavailable, .tlsUntrustedCertificate, .tlsHostnameMismatch, .tlsCertificateExpired, .tlsHandshakeFailed:
                kind.tlsFailure?.message(host: endpoint ?? "the server") ?? "TLS failed"
            case .caFileUnreadable: "could not load the CA certificate file"
            case .upgradeRejected:
                "server\(target) refused the WebSocket upgrade with HTTP status \(httpStatus.map(String.init) ?? "?")"
            case .invalidHandshake(let failure): "invalid WebSocket handshake from\(target): \(failure)"
            case .protocolViolation(let violation):
                "server broke the WebSocket protocol: \(violation) (closed with \(violation.closeCode))"
            case .connectionLost: "connection to\(target) lost without a WebSocket close (1006)"
            case .notOpen: "the WebSocket connection is closing or closed"
            case .webSocketsUnavailable:
                "this system's libcurl cannot do WebSockets: URLSession's WebSocket tasks need a libcurl built with WebSocket support"
            }
        return detail.map { "\(base) (\($0))" } ?? base
    }

    /// Same as `userMessage`.
    public var description: String { userMessage }

    /// Errors compare by kind and HTTP status; details are informative only.
    public static func == (lhs: WebSocketError, rhs: WebSocketError) -> Bool {
        lhs.kind == rhs.kind && lhs.httpStatus == rhs.httpStatus
    }
}

extension WebSocketError.Kind {
    /// The TLS failure this is, or nil for any other kind: worded by `TLSFailure`, as on the
    /// REST path.
    public var tlsFailure: TLSFailure? {
        switch self {
        case .tlsUnavailable: .unavailable
        case .tlsUntrustedCertificate: .untrustedCertificate
        case .tlsHostnameMismatch: .hostnameMismatch
        case .tlsCertificateExpired: .certificateExpired
        case .tlsHandshakeFailed: .handshakeFailed
        default: nil
        }
    }
}
