import Foundation

/// One HTTP GET.
public struct HTTPRequest: Sendable {
    /// The full URL.
    public var url: URL
    /// Header fields. May hold an API key: never log them.
    public var headers: [String: String]
    /// How long the request may take in all, redirects included.
    public var timeout: TimeInterval

    /// Creates a request.
    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 15) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}
