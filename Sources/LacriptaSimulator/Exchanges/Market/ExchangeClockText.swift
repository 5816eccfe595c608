import Foundation
import LacriptaNet

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
        let civil = CivilDays.date(days: Int(days))
        let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
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
}
