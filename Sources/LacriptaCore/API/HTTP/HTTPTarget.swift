import Foundation

/// Where an http:// or https:// URL points: host, port, TLS, and the request target.
struct HTTPTarget: Equatable {
    /// Host name or IP literal, without IPv6 brackets (as getaddrinfo and TLS want it).
    var host: String
    /// The TCP port; 80 or 443 when the URL has none.
    var port: UInt16
    /// True for https://.
    var usesTLS: Bool
    /// The percent-encoded path (never empty) and query, as sent on the request line. The
    /// fragment stays local, as RFC 9110 §4.2.4 says.
    var requestTarget: String

    /// Parses `url`; nil unless it is http:// or https:// with a host and a valid port.
    init?(url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            var host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host.removingPercentEncoding ?? host
        usesTLS = scheme == "https"
        if let port = components.port {
            guard let value = UInt16(exactly: port), value > 0 else { return nil }
            self.port = value
        } else {
            port = usesTLS ? 443 : 80
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestTarget = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    /// The `Host` header: brackets around IPv6 literals, the port only when it is not the
    /// scheme's default (RFC 9110 §7.2).
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (usesTLS ? 443 : 80) ? name : "\(name):\(port)"
    }
}
