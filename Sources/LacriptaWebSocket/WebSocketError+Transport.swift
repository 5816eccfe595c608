import LacriptaNet

extension WebSocketError {
    /// The WebSocket error a transport failure stands for: the one place where `NetError`
    /// becomes a `WebSocketError`, so users see the same words for the same failure whichever
    /// layer noticed it. A deadline passing after TCP connected can only be the opening handshake
    /// (TLS plus the upgrade); the open connection's poll loop has no deadline of its own.
    ///
    /// `.cancelled` is the caller's to turn into `CancellationError` before it gets here.
    init(transport failure: NetError) {
        let kind: Kind =
            switch failure.kind {
            case .invalidURL: .invalidURL
            case .invalidHeader: .invalidHeader
            case .hostNotFound: .hostNotFound
            case .connectionRefused: .connectionRefused
            case .connectTimedOut: .connectTimedOut
            case .timedOut: .handshakeTimedOut
            case .networkFailure, .cancelled: .networkFailure
            case .tlsUnavailable: .tlsUnavailable
            case .caFileUnreadable: .caFileUnreadable
            case .tlsUntrustedCertificate: .tlsUntrustedCertificate
            case .tlsHostnameMismatch: .tlsHostnameMismatch
            case .tlsCertificateExpired: .tlsCertificateExpired
            case .tlsHandshakeFailed: .tlsHandshakeFailed
            case .connectionLost, .emptyResponse, .truncatedResponse: .connectionLost
            case .malformedResponse, .responseTooLarge, .unsupportedEncoding: .invalidHandshake(.malformedResponse)
            case .tooManyRedirects, .insecureRedirect, .invalidRedirect: .networkFailure
            }
        self.init(kind, endpoint: failure.endpoint, detail: failure.detail)
    }
}
