import Foundation

/// The answer to an `HTTPRequest`.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields, names lower-cased; repeated fields joined with ", ". Untrusted wire text.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// The URL that answered, after redirects; nil when the transport does not say.
    public var url: URL?

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data, url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }
}
