import Foundation

/// One HTTP GET.
public struct HTTPRequest: Sendable {
    /// The full URL.
    public var url: URL
    /// Header fields that carry nothing secret.
    public var headers: [String: String]
    /// Header fields that carry a credential (an API key), kept apart from `headers` so that no
    /// hop of a redirect can send one to an origin it was not set for: `RedirectChain` drops
    /// all of them once a redirect changes the scheme, host or port. Never log them.
    public var credentials: [String: String]
    /// How long the request may take in all, redirects included.
    public var timeout: TimeInterval

    /// Creates a request; a header that carries a key belongs in `credentials`, not `headers`.
    public init(url: URL, headers: [String: String] = [:], credentials: [String: String] = [:], timeout: TimeInterval = 15) {
        self.url = url
        self.headers = headers
        self.credentials = credentials
        self.timeout = timeout
    }

    /// Every header field as sent: `headers` and `credentials` together.
    public var fields: [String: String] {
        headers.merging(credentials) { _, credential in credential }
    }
}
