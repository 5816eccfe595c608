import Foundation
import LacriptaWebSocket

/// Where an http:// or https:// URL points: the WebSocket client's `Endpoint`, which parses
/// host, port, TLS and request target the same way for both (named apart from this module's own
/// `Endpoint`, the REST API's paths).
typealias HTTPTarget = LacriptaWebSocket.Endpoint

extension HTTPTarget {
    /// Parses an http:// or https:// `url`; nil unless it has a host and a valid port.
    init?(url: URL) {
        self.init(url: url, schemes: .http)
    }
}
