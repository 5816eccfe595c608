import Foundation
import LacriptaNet

/// Where an http:// or https:// URL points (named apart from this module's own `Endpoint`, the
/// REST API's paths).
typealias HTTPTarget = URLTarget

extension HTTPTarget {
    /// Parses an http:// or https:// `url`; nil unless it has a host and a valid port.
    init?(url: URL) {
        self.init(url: url, schemes: .http)
    }
}
