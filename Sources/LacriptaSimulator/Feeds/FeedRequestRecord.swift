/// What the feed server remembers about one request, for tests to assert on what the client sent:
/// its User-Agent and the validators of a conditional GET.
public struct FeedRequestRecord: Sendable, Equatable {
    /// The path, e.g. `/feeds/theblock.xml`.
    public let path: String
    /// The `User-Agent` sent, if any.
    public let userAgent: String?
    /// The `If-None-Match` sent, if any.
    public let ifNoneMatch: String?
    /// The `If-Modified-Since` sent, if any.
    public let ifModifiedSince: String?

    /// Builds the record from a request.
    public init(_ request: HTTPRequest) {
        path = request.path
        userAgent = request.headers["User-Agent"]
        ifNoneMatch = request.headers["If-None-Match"]
        ifModifiedSince = request.headers["If-Modified-Since"]
    }
}
