import Foundation

/// When a server asks to be tried again (`Retry-After`, RFC 9110 §10.2.3), as it said it: a
/// number of seconds, or an HTTP-date. Sent with 429 Too Many Requests and 503 Service
/// Unavailable; the caller turns it into advice ("retry in 2 minutes") or a back-off.
public enum RetryAfter: Sendable, Equatable {
    /// `Retry-After: 120`.
    case delay(seconds: Int)
    /// `Retry-After: Fri, 31 Dec 1999 23:59:59 GMT`.
    case date(Date)

    /// The longest wait taken at face value: a day. A server asking for more is broken, and a
    /// user is better told "retry in a day" than "in 31 years".
    public static let longest = 86_400

    /// Parses a header value; nil when it is neither delta-seconds nor an HTTP-date.
    public init?(headerValue: String) {
        let value = headerValue.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            // Too many digits for an Int is still "a very long time", not garbage.
            self = .delay(seconds: min(Int(value) ?? Self.longest, Self.longest))
        } else if let date = HTTPDate.parse(value) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// Whole seconds to wait from `now`: rounded up, never negative, at most `longest`.
    public func seconds(from now: Date) -> Int {
        switch self {
        case .delay(let seconds):
            return min(max(seconds, 0), Self.longest)
        case .date(let date):
            let left = date.timeIntervalSince(now)
            return left <= 0 ? 0 : Int(min(left, TimeInterval(Self.longest)).rounded(.up))
        }
    }
}

extension HTTPResponse {
    /// The server's `Retry-After`, if it sent one that parses. Meaningful with 429, 503 and
    /// redirects; the caller decides by `status`.
    public var retryAfter: RetryAfter? {
        headers["retry-after"].flatMap(RetryAfter.init(headerValue:))
    }
}
