import Foundation
import LacriptaNet

/// A UTC calendar date and time of day, turned into a `Date` with integer arithmetic.
///
/// Parsing dates from feeds happens thousands of times per refresh; `Calendar` and
/// `DateFormatter` are slow, depend on the process locale and time zone database, and hide the
/// rules. This is the proleptic Gregorian calendar, as RFC 3339 and RFC 5322 use, with
/// H. Hinnant's days-from-civil algorithm, so every accepted input maps to one exact instant.
struct CivilTime: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int = 0
    var minute: Int = 0
    var second: Int = 0
    /// Fractional seconds as `fraction / 10^fractionDigits`, kept as integers so that
    /// `.270` becomes exactly the `Double` nearest to x.27, not x + 0.27 rounded twice.
    var fraction: Int64 = 0
    var fractionDigits: Int = 0
    /// Seconds east of UTC of the time as written (`-0400` is -14400).
    var offsetSeconds: Int = 0

    /// Whether every field is in range: a real month, a day that month has, a real time of day
    /// (a leap second, `:60`, is allowed and lands on the next minute), an offset under a day.
    var isValid: Bool {
        guard (1...9999).contains(year), (1...12).contains(month) else { return false }
        guard day >= 1, day <= Self.daysIn(month: month, year: year) else { return false }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return false }
        guard (0...6).contains(fractionDigits), fraction >= 0 else { return false }
        return abs(offsetSeconds) < 86_400
    }

    /// The instant, or nil when a field is out of range.
    var date: Date? {
        guard isValid else { return nil }
        let days = Int64(Self.daysFromCivil(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        guard fractionDigits > 0 else { return Date(timeIntervalSince1970: Double(seconds)) }
        // Year 9999 is about 2.5e11 s; times 10^6 stays far below Int64.max.
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        return Date(timeIntervalSince1970: Double(seconds * scale + fraction) / Double(scale))
    }

    /// Days from 1970-01-01 to the given date (negative before it).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        CivilDays.days(year: year, month: month, day: day)
    }

    /// The year, month and day `days` after 1970-01-01.
    static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        CivilDays.date(days: days)
    }

    /// The number of days in `month` (1...12) of `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        CivilDays.daysIn(month: month, year: year)
    }
}
