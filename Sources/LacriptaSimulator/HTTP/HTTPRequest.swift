import Foundation

/// One query parameter, percent-decoded (`+` counts as a space, as in HTML forms and libcurl).
public struct HTTPQueryItem: Sendable, Equatable {
    /// The parameter name.
    public var name: String
    /// The value; empty for `?flag` and `?flag=`.
    public var value: String

    /// Creates an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A parsed HTTP/1.x request as the server hands it to a handler.
public struct HTTPRequest: Sendable, Equatable {
    /// The method token, e.g. `GET`.
    public var method: String
    /// The raw request-target as sent, e.g. `/data/v2/news/?lang=EN`.
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body (only present when the client sent `Content-Length`).
    public var body: [UInt8]

    /// Creates a request; the path and query are derived from `target`.
    public init(
        method: String, target: String, version: String = "HTTP/1.1",
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The path part of the target, not percent-decoded (min-api paths are plain ASCII and the
    /// difference between `/data/v2/news` and `/data/v2/news/` must survive).
    public var path: String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }

    /// The decoded query parameters in order.
    public var queryItems: [HTTPQueryItem] {
        guard let questionMark = target.firstIndex(of: "?") else { return [] }
        let query = target[target.index(after: questionMark)...].prefix { $0 != "#" }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            return HTTPQueryItem(name: name, value: value)
        }
    }

    /// The first value of query parameter `name` (names are case-sensitive, as on min-api).
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after the answer (HTTP/1.1 default, 1.0 opt-in).
    public var wantsKeepAlive: Bool {
        let tokens = (headers["Connection"] ?? "").lowercased()
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if tokens.contains("close") { return false }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return true
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
