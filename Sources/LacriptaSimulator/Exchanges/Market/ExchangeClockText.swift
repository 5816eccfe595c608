import Foundation

/// Time stamps in the spellings the feeds use, from one `Date`.
enum ExchangeClockText {
    /// RFC 3339 in UTC with microseconds, `2022-12-01T00:00:00.122581Z` (Coinbase `time`, Kraken
    /// `timestamp`, `time_in`).
    static func rfc3339(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
        let seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        let fraction = micros - seconds * 1_000_000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(days: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let micro = String(fraction)
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))."
            + String(repeating: "0", count: 6 - micro.count) + micro + "Z"
    }

    /// Whole Unix seconds as digits (Bitstamp `timestamp`).
    static func seconds(_ date: Date) -> String {
        String(Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// Unix microseconds as digits (Bitstamp `microtimestamp`).
    static func microseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down)))
    }

    /// Unix seconds at microsecond precision: the value a client reads back from any of the
    /// texts above, for the log's `time`.
    static func unixSeconds(_ date: Date) -> Double {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
        return Double(micros / 1_000_000) + Double(micros % 1_000_000) / 1_000_000
    }

    /// Unix milliseconds (Bitfinex `ts`).
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
    private static func civil(days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
