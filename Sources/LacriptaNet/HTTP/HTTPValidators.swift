/// What a response offers to revalidate it later (RFC 9110 §8.8, §13.1): its `ETag` and
/// `Last-Modified`, kept next to a cached body and sent back as `If-None-Match` and
/// `If-Modified-Since`. A 304 Not Modified then means "the body you have is current", which
/// costs the server a head instead of a body.
///
/// Both values are the server's text, sent back verbatim (`If-Modified-Since` must repeat
/// `Last-Modified` exactly, not a reformatted date). A value that could not travel back as one
/// header line is dropped on the way in: a broken validator must not break every later request.
public struct HTTPValidators: Sendable, Equatable {
    /// The entity tag, quotes and weakness prefix included (`W/"abc"`).
    public var etag: String?
    /// The `Last-Modified` HTTP-date, as sent.
    public var lastModified: String?

    /// The longest validator kept; real ones are a few dozen bytes.
    static let maxLength = 1024

    /// Creates validators.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag.flatMap(Self.sendable)
        self.lastModified = lastModified.flatMap(Self.sendable)
    }

    /// The validators `response` offers.
    public init(response: HTTPResponse) {
        self.init(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
    }

    /// True when there is nothing to revalidate with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// The request headers that make a GET conditional on these validators.
    public var requestHeaders: [String: String] {
        var headers: [String: String] = [:]
        headers["if-none-match"] = etag
        headers["if-modified-since"] = lastModified
        return headers
    }

    /// These validators, with any that `newer` (a 304's own) carries replacing them.
    public func updated(by newer: HTTPValidators) -> HTTPValidators {
        HTTPValidators(etag: newer.etag ?? etag, lastModified: newer.lastModified ?? lastModified)
    }

    /// `value` if it can be sent back as a header value: visible ASCII and spaces, not too long.
    private static func sendable(_ value: String) -> String? {
        guard !value.isEmpty, value.utf8.count <= maxLength, value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return value
    }
}

extension HTTPRequest {
    /// The same request, conditional on `validators`: the server answers 304 when the body they
    /// describe is still current.
    public func conditional(on validators: HTTPValidators) -> HTTPRequest {
        var request = self
        request.headers.merge(validators.requestHeaders) { _, validator in validator }
        return request
    }
}
