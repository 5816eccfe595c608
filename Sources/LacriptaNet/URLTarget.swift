import Foundation

/// Where a URL points, for a client that connects itself: host, port, TLS, and the request
/// target. The WebSocket client takes ws:// and wss://, the HTTP client http:// and https://.
public struct URLTarget: Sendable, Hashable {
    /// The plain and the TLS scheme a kind of URL is written with.
    public struct Schemes: Sendable {
        /// The scheme without TLS ("http", "ws").
        public var plain: String
        /// The scheme with TLS ("https", "wss").
        public var secure: String

        /// Creates a pair of schemes.
        public init(plain: String, secure: String) {
            self.plain = plain
            self.secure = secure
        }

        /// http:// and https://.
        public static let http = Schemes(plain: "http", secure: "https")
    }

    /// Host name or IP literal, without IPv6 brackets (as getaddrinfo and SNI want it).
    public var host: String
    /// The TCP port; 80/443 when the URL has none.
    public var port: UInt16
    /// True for the secure scheme (wss://, https://).
    public var usesTLS: Bool
    /// Percent-encoded path (never empty) and query, as sent on the request line. The fragment
    /// stays local (RFC 9110 §4.2.4).
    public var requestTarget: String

    /// Parses `url`; nil unless its scheme is one of `schemes` and it has a host and a valid port.
    public init?(url: URL, schemes: Schemes) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == schemes.plain || scheme == schemes.secure,
            var host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host.removingPercentEncoding ?? host
        usesTLS = scheme == schemes.secure
        if let port = components.port {
            guard let value = UInt16(exactly: port), value > 0 else { return nil }
            self.port = value
        } else {
            port = usesTLS ? 443 : 80
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestTarget = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    /// The `Host` header: brackets around IPv6 literals, and the port only when it is not the
    /// scheme's default (RFC 9110 §7.2).
    public var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (usesTLS ? 443 : 80) ? name : "\(name):\(port)"
    }
}
