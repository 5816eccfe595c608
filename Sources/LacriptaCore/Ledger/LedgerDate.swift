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
        // Printable ASCII without spaces holds no whitespace of any kind.
        guard text.utf8.count >= 10, text.utf8.count <= 40, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
            let date = Self.commonShape(text) ?? InternetDate.rfc3339(text)
        else { return nil }
        self.text = text
        self.date = date
    }

    /// The instant of `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`, the two shapes lacripta writes and
    /// exports mostly hold, read straight from the bytes into the `CivilTime` that
    /// `InternetDate.rfc3339` builds for them (so the same instant, and the same refusal of a
    /// 31 April); nil for any other shape, which `rfc3339` then reads. Reading every journal
    /// date through the general scanner was a fifth of `holdings` over 10,000 lines.
    private static func commonShape(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 10 || bytes.count == 20 else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for index in start..<start + count {
                    let digit = bytes[index] &- 0x30
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), let year = number(0, 4), let month = number(5, 2),
                let day = number(8, 2)
            else { return nil }
            var time = CivilTime(year: year, month: month, day: day)
            if bytes.count == 20 {
                guard bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
                    let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
                else { return nil }
                time.hour = hour
                time.minute = minute
                time.second = second
            }
            return time.date
        }
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

    /// `YYYY-MM-DDTHH:MM:SSZ` of `date` (a fraction of a second left out, as the calendar does).
    ///
    /// From 1900 to 9999 by integer arithmetic on the days since 1970 (proleptic Gregorian, which
    /// the calendar is over that span): a `Calendar` and `String(format:)` per date were a tenth of
    /// importing a 10,000-row export. Outside it, where the calendar turns Julian or years need
    /// more digits, the calendar still decides.
    private static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds >= -2_208_988_800, seconds < 253_402_300_800, let whole = Int(exactly: seconds.rounded(.down)) else {
            return calendarFormat(date)
        }
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let time = whole - days * 86_400
        let (year, month, day) = CivilTime.civil(daysSince1970: days)
        var text = ""
        text.reserveCapacity(20)
        func append(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(0x30 + rest / divisor)))
                rest %= divisor
                divisor /= 10
            }
        }
        append(year, digits: 4)
        text += "-"
        append(month, digits: 2)
        text += "-"
        append(day, digits: 2)
        text += "T"
        append(time / 3600, digits: 2)
        text += ":"
        append(time / 60 % 60, digits: 2)
        text += ":"
        append(time % 60, digits: 2)
        text += "Z"
        return text
    }

    private static func calendarFormat(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0)
            + "-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }
}
