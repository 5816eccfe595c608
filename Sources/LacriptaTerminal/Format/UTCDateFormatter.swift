import Foundation

/// Absolute dates and times in UTC, computed by hand so they never depend on the machine's time
/// zone, locale or calendar settings.
public enum UTCDateFormatter {
    /// "2023-02-08"; "—" for dates beyond about ±30 million years or not finite.
    public static func date(_ date: Date) -> String {
        guard let parts = Parts(date) else { return PriceFormatter.missingValue }
        return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))"
    }

    /// "2023-02-08 13:40 UTC".
    public static func dateTime(_ date: Date) -> String {
        guard let parts = Parts(date) else { return PriceFormatter.missingValue }
        return "\(self.date(date)) \(pad(parts.hour)):\(pad(parts.minute)) UTC"
    }

    /// "13:40:05" (UTC), for "updated at" lines in live views.
    public static func time(_ date: Date) -> String {
        guard let parts = Parts(date) else { return PriceFormatter.missingValue }
        return "\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
    }

    /// A non-negative number zero-padded to `width` digits; negative years keep their "-".
    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    /// Calendar fields of an instant in the proleptic Gregorian calendar, UTC.
    private struct Parts {
        var year, month, day, hour, minute, second: Int

        /// Splits `date`, rounding down to the whole second; `nil` outside a safe range.
        init?(_ date: Date) {
            let interval = date.timeIntervalSince1970.rounded(.down)
            guard interval.isFinite, interval.magnitude < 1e15 else { return nil }
            let seconds = Int(interval)
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let secondOfDay = seconds - days * 86_400
            (year, month, day) = Self.civil(fromDaysSinceEpoch: days)
            hour = secondOfDay / 3_600
            minute = secondOfDay % 3_600 / 60
            second = secondOfDay % 60
        }

        /// Howard Hinnant's `civil_from_days`: days since 1970-01-01 to (year, month, day).
        private static func civil(fromDaysSinceEpoch days: Int) -> (Int, Int, Int) {
            let shifted = days + 719_468  // count from 0000-03-01 so leap days fall at year end
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let marchMonth = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
            let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
            let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            return (year, month, day)
        }
    }
}
