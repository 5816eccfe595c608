import Foundation

/// Where a ws:// or wss:// URL points: host, port, TLS, and the request target.
struct Endpoint: Sendable, Hashable {
    /// Host name or IP literal, without IPv6 brackets (as getaddrinfo and SNI want it).
    var host: String
    /// The TCP port; 80/443 when the URL has none.
    var port: UInt16
    /// True for wss://.
    var usesTLS: Bool
    /// Percent-encoded path (never empty) and query.
    var target: String

    /// Parses `url`; only ws:// and wss:// with a host are accepted.
    init(url: URL) throws(WebSocketError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
            var host = components.percentEncodedHost, !host.isEmpty
        else { throw WebSocketError(.invalidURL) }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host.removingPercentEncoding ?? host
        usesTLS = scheme == "wss"
        let defaultPort: UInt16 = usesTLS ? 443 : 80
        if let port = components.port {
            guard let value = UInt16(exactly: port), value > 0 else { throw WebSocketError(.invalidURL) }
            self.port = value
        } else {
            self.port = defaultPort
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        target = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    /// The `Host` header: brackets around IPv6 literals, and the port only when non-default.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (usesTLS ? 443 : 80) ? name : "\(name):\(port)"
    }
}
