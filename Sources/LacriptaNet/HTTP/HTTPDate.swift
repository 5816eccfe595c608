import Foundation

/// HTTP-dates (RFC 9110 §5.6.7) as pure functions, for `Retry-After` and conditional requests.
///
/// Recipients must accept all three historical forms; senders write only the first:
/// IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT` and
/// asctime `Sun Nov  6 08:49:37 1994`. Done by hand rather than with `DateFormatter`, whose
/// parsing depends on locale data and is far slower for three fixed layouts.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// Parses any of the three forms; nil for anything else (including impossible dates such
    /// as 31 Feb). The weekday is not checked against the date: it adds nothing but a way to fail.
    public static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        switch parts.count {
        case 6 where parts[0].hasSuffix(",") && parts[5] == "GMT":
            // IMF-fixdate: day, month, 4-digit year, time.
            return date(year: number(parts[3], digits: 4), month: month(parts[2]), day: number(parts[1], digits: 2), time: parts[4])
        case 4 where parts[0].hasSuffix(",") && parts[3] == "GMT":
            // RFC 850: day-month-2-digit-year, time. Two-digit years from 70 are 19xx.
            let fields = parts[1].split(separator: "-", omittingEmptySubsequences: false)
            guard fields.count == 3, let short = number(fields[2], digits: 2) else { return nil }
            return date(year: short + (short >= 70 ? 1900 : 2000), month: month(fields[1]), day: number(fields[0], digits: 2), time: parts[2])
        case 5:
            // asctime: month, day (space-padded), time, year.
            let day = parts[2].count == 1 ? number(parts[2], digits: 1) : number(parts[2], digits: 2)
            return date(year: number(parts[4], digits: 4), month: month(parts[1]), day: day, time: parts[3])
        default:
            return nil
        }
    }

    /// `date` as IMF-fixdate, the form senders must use.
    public static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = CivilDays.date(days: days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(dayNames[weekday]), \(two(day)) \(monthNames[month - 1]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
    }

    /// The date of `year`-`month`-`day` at `time` ("HH:MM:SS") UTC, if every part is valid.
    private static func date(year: Int?, month: Int?, day: Int?, time: Substring) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let year, let month, let day, clock.count == 3,
            let hour = number(clock[0], digits: 2), let minute = number(clock[1], digits: 2), let second = number(clock[2], digits: 2),
            hour < 24, minute < 60, second < 61,  // 60: a leap second
            (1...CivilDays.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = CivilDays.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// A decimal number of exactly `digits` ASCII digits.
    private static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.utf8.count == digits, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    /// 1...12 for a three-letter month name (any case).
    private static func month(_ text: Substring) -> Int? {
        months.firstIndex(of: text.lowercased()).map { $0 + 1 }
    }
}
