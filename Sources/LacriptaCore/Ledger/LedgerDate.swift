import Foundation

/// A journal date as written (`2024-01-15`, `2024-01-15T12:00:00Z`, `2024-01-15T13:00+01:00`) with
/// the instant it names. A bare day is midnight UTC, so it sorts before that day's timed lines; a
/// time without a zone is UTC (as every exchange's export is).
public struct LedgerDate: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The text as written; written back unchanged.
    public let text: String
    /// The instant.
    public let date: Date

    /// Reads `text`: a day, or a day and a time (`T` between them) with an optional zone.
    public init?(_ text: some StringProtocol) {
        let text = String(text)
        // One word, and a day first: `InternetDate.rfc3339` alone also takes spaces around it.
        guard text.utf8.count >= 10, text.utf8.count <= 40, !text.contains(where: \.isWhitespace),
            text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }), let date = InternetDate.rfc3339(text)
        else { return nil }
        self.text = text
        self.date = date
    }

    /// `date` written as `YYYY-MM-DDTHH:MM:SSZ` (whole seconds, UTC).
    public init(_ date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let whole = Date(timeIntervalSince1970: seconds)
        self.text = LedgerDate.format(whole)
        self.date = whole
    }

    /// The UTC day, `YYYY-MM-DD`.
    public var day: String { String(LedgerDate.format(date).prefix(10)) }

    public var description: String { text }

    public static func < (lhs: LedgerDate, rhs: LedgerDate) -> Bool { lhs.date < rhs.date }

    private static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0)
            + "-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }
}
