import Foundation

/// Everything that can go wrong below the application protocols: resolving, connecting, TLS,
/// moving bytes, and an HTTP/1.1 exchange with its redirects.
///
/// Shaped like `WebSocketError` and async-http-client's `HTTPClientError`: a failure class that
/// callers switch on, plus where it happened. Nothing in it comes from the wire except what
/// `detail` says about the operating system or TLS library, and `url` never holds a query,
/// user info or fragment (the REST layer's key travels in a header, but a redirect's `Location`
/// is the server's to choose and could echo anything).
public struct NetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failure class.
    public enum Kind: Sendable, Hashable {
        /// The URL is not one this client speaks (scheme, host or port).
        case invalidURL
        /// A request header would not be a single valid HTTP field line.
        case invalidHeader
        /// DNS could not resolve the host.
        case hostNotFound
        /// Every address refused the TCP connection.
        case connectionRefused
        /// No TCP connection before the connect deadline.
        case connectTimedOut
        /// Some other socket-level failure (unreachable network, no file descriptors, ...).
        case networkFailure
        /// The caller cancelled while waiting.
        case cancelled
        /// TLS was asked for where this build has no TLS library.
        case tlsUnavailable
        /// The extra CA bundle (or a server's certificate files) could not be loaded.
        case caFileUnreadable
        /// The server certificate does not chain to a trusted CA.
        case tlsUntrustedCertificate
        /// The certificate is valid but not for this host name or IP.
        case tlsHostnameMismatch
        /// The certificate has expired or is not yet valid.
        case tlsCertificateExpired
        /// Any other TLS handshake failure (protocol version, cipher, ...).
        case tlsHandshakeFailed
        /// Connected, but the deadline passed during TLS, a write or a read.
        case timedOut
        /// The connection broke (reset, or closed while we were still writing).
        case connectionLost
        /// The answer is not HTTP/1.x as RFC 9112 frames it.
        case malformedResponse
        /// The server closed the connection before sending a single byte.
        case emptyResponse
        /// The server closed the connection before the body was complete.
        case truncatedResponse
        /// A transfer or content coding other than chunked / identity.
        case unsupportedEncoding
        /// The head or body is larger than `limit` bytes: a broken or hostile server.
        case responseTooLarge(limit: Int)
        /// The server redirected more than `limit` times in a row.
        case tooManyRedirects(limit: Int)
        /// A redirect from https:// to http://, which would send the request in clear text.
        case insecureRedirect
        /// A redirect whose `Location` is not an http(s) URL with a host.
        case invalidRedirect
    }

    /// The failure class.
    public let kind: Kind
    /// Host and port the error is about (`host:port`, IPv6 in brackets), when known.
    public let endpoint: String?
    /// The URL the exchange had reached when it failed (after redirects), reduced to scheme,
    /// host, port and path.
    public let url: URL?
    /// An operating-system or TLS-library detail (e.g. "Connection reset by peer").
    public let detail: String?

    /// Creates an error; `url` is stored without its query, user info and fragment.
    public init(_ kind: Kind, endpoint: String? = nil, url: URL? = nil, detail: String? = nil) {
        self.kind = kind
        self.endpoint = endpoint
        self.url = url.map(Self.redacted)
        self.detail = detail
    }

    /// The same error, located at `url` unless it already names one: the HTTP client adds the
    /// URL it was fetching to failures from the layers below, which know only host and port.
    public func located(at url: URL) -> NetError {
        guard self.url == nil else { return self }
        return NetError(kind, endpoint: endpoint ?? URLTarget(url: url, schemes: .http)?.hostHeader, url: url, detail: detail)
    }

    /// What went wrong, in words that name no host: callers put their own subject in front
    /// ("cannot reach min-api.cryptocompare.com: the server's answer was not valid HTTP").
    public var reason: String {
        switch kind {
        case .invalidURL: "unsupported URL: use http://host[:port]/path or https://host[:port]/path"
        case .invalidHeader: "a request header is not valid HTTP"
        case .hostNotFound: "the host name does not resolve"
        case .connectionRefused: "the connection was refused"
        case .connectTimedOut: "timed out connecting"
        case .networkFailure: "network error"
        case .cancelled: "cancelled"
        case .tlsUnavailable: "TLS is not supported by this build (no TLS library)"
        case .caFileUnreadable: "the CA certificate file could not be loaded"
        case .tlsUntrustedCertificate: "the TLS certificate does not chain to a trusted CA"
        case .tlsHostnameMismatch: "the TLS certificate is not valid for that host name"
        case .tlsCertificateExpired: "the TLS certificate has expired or is not yet valid"
        case .tlsHandshakeFailed: "the TLS handshake failed"
        case .timedOut: "timed out"
        case .connectionLost: "the connection was lost"
        case .malformedResponse: "the server's answer was not valid HTTP"
        case .emptyResponse: "the server closed the connection without answering"
        case .truncatedResponse: "the server closed the connection before the answer was complete"
        case .unsupportedEncoding: "the server sent an encoding lacripta cannot read"
        case .responseTooLarge(let limit): "the answer is larger than \(Self.size(limit))"
        case .tooManyRedirects(let limit): "more than \(limit) redirects\(url.map { ", the last to \($0.absoluteString)" } ?? "")"
        case .insecureRedirect: "refused a redirect from https:// to \(url?.absoluteString ?? "http://")"
        case .invalidRedirect: "a redirect pointed to something other than an http(s) URL"
        }
    }

    /// `reason`, where it happened, and the detail: for logs and tools that print it as is.
    public var description: String {
        let place = url?.absoluteString ?? endpoint
        let base = place.map { "\(reason) (\($0))" } ?? reason
        return detail.map { "\(base): \($0)" } ?? base
    }

    /// Errors compare by kind; where and the details are informative only.
    public static func == (lhs: NetError, rhs: NetError) -> Bool {
        lhs.kind == rhs.kind
    }

    /// `bytes` as "16 MiB" from a MiB up, else "1024 bytes".
    public static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// `url` reduced to scheme, host, port and path: a query may hold a secret, user info is
    /// one, and a fragment never reaches the server anyway.
    static func redacted(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.url ?? url
    }
}
