import Foundation

/// A feed document's validators (`ETag`, `Last-Modified`) and the conditional-GET decision
/// (RFC 9110 §13.1–13.2): a client that sends back what it got is answered 304 with no body.
///
/// The ETag is a hash of the body, so it changes exactly when the document does; Last-Modified is
/// the document's newest date. `If-None-Match` wins over `If-Modified-Since` when both are sent,
/// as the RFC says.
struct FeedValidators: Equatable {
    /// `"<16 hex digits>"`, a strong tag.
    let etag: String
    /// The HTTP-date of `lastModifiedDate`.
    let lastModified: String
    /// The document's newest date, to whole seconds.
    let lastModifiedDate: Date

    /// Validators for `body` last changed at `lastModified`.
    init(body: [UInt8], lastModified: Date) {
        etag = "\"" + String(FNV1a.hash(body), radix: 16).leftPadded(to: 16) + "\""
        lastModifiedDate = Date(timeIntervalSince1970: lastModified.timeIntervalSince1970.rounded(.down))
        self.lastModified = Self.httpDate(lastModifiedDate)
    }

    /// Whether `request` already has this version: its `If-None-Match` lists the tag (or `*`;
    /// compared weakly, so `W/"…"` matches), or, without `If-None-Match`, its `If-Modified-Since`
    /// is not before `lastModified`.
    func isNotModified(_ request: HTTPRequest) -> Bool {
        if let tags = request.headers["If-None-Match"] {
            return tags.split(separator: ",").contains { tag in
                let trimmed = tag.trimmingSpaces()
                return trimmed == "*" || trimmed == etag || trimmed == "W/" + etag
            }
        }
        guard let since = request.headers["If-Modified-Since"].flatMap(Self.parseHTTPDate) else { return false }
        return since >= lastModifiedDate
    }

    /// The headers every answer of this version carries.
    var headers: [(String, String)] { [("ETag", etag), ("Last-Modified", lastModified)] }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate, the only form a server may send).
    static func httpDate(_ date: Date) -> String {
        formatter().string(from: date)
    }

    /// Reads an IMF-fixdate; nil for anything else (the obsolete forms are not worth a fake's time).
    static func parseHTTPDate(_ text: String) -> Date? {
        formatter().date(from: text)
    }

    /// A fresh formatter per call: `DateFormatter` is not `Sendable`.
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
