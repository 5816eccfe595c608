import Foundation

/// Says how long ago something happened ("5 minutes ago"), relative to an injected `now`.
///
/// | age (now − date)         | text                          |
/// |--------------------------|-------------------------------|
/// | −5 min ..< 45 s          | "just now" (small clock skew) |
/// | 45 s ..< 60 min          | "1 minute ago", "N minutes ago" (whole minutes, rounded down) |
/// | 1 h ..< 24 h             | "1 hour ago", "N hours ago"   |
/// | 24 h ..< 48 h            | "yesterday"                   |
/// | 2 days ..< 28 days       | "N days ago"                  |
/// | 28 days or more, or more than 5 min in the future | "2023-02-08" (UTC) |
public struct RelativeDateFormatter: Sendable, Hashable {
    /// The instant ages are measured from.
    public let now: Date

    /// A formatter measuring from `now` (pass the injected clock's reading, not `Date()` deep inside).
    public init(now: Date) {
        self.now = now
    }

    /// How far in the future a date may be and still read "just now".
    public static let allowedFutureSkew: TimeInterval = 5 * 60

    private static let minute: TimeInterval = 60
    private static let hour: TimeInterval = 3_600
    private static let day: TimeInterval = 86_400

    /// The relative description of `date`; "—" when the date is not a finite instant.
    public func string(for date: Date) -> String {
        let age = now.timeIntervalSince(date)
        guard age.isFinite else { return PriceFormatter.missingValue }
        switch age {
        case ..<(-Self.allowedFutureSkew): return UTCDateFormatter.date(date)
        case ..<45: return "just now"
        case ..<Self.hour: return Self.count(Int(age / Self.minute), "minute")
        case ..<Self.day: return Self.count(Int(age / Self.hour), "hour")
        case ..<(2 * Self.day): return "yesterday"
        case ..<(28 * Self.day): return Self.count(Int(age / Self.day), "day")
        default: return UTCDateFormatter.date(date)
        }
    }

    /// "1 minute ago" / "5 minutes ago"; 45–59 s count as one minute.
    private static func count(_ value: Int, _ unit: String) -> String {
        let number = max(1, value)
        return number == 1 ? "1 \(unit) ago" : "\(number) \(unit)s ago"
    }
}
