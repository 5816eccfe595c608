import Foundation

/// An RFC 822 date as a feed spells it (`Thu, 16 Jul 2026 12:00:02 -0400`, `9 Sep 2026 13:02 EST`),
/// read well enough to write it back moved in time with the same spelling.
///
/// The simulator's own reader, deliberately not the client's (`InternetDate`): it knows only the
/// spellings the recorded feeds use, and keeps how each was written (weekday or none, padded day
/// and hour, seconds or none, the zone token) so a moved date has the same quirks as the original.
struct MailDate: Equatable {
    /// The moment.
    let date: Date
    /// Whether a weekday and comma lead (`Thu, `).
    let hasWeekday: Bool
    /// Whether a day below 10 is written with a leading zero.
    let padsDay: Bool
    /// Whether an hour below 10 is written with a leading zero.
    let padsHour: Bool
    /// Whether the time has seconds.
    let hasSeconds: Bool
    /// The zone as written (`-0400`, `GMT`, `EST`).
    let zone: String
    /// The zone's offset east of UTC, in seconds.
    let offsetSeconds: Int

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// The zone names RFC 822 defines (hours east of UTC).
    static let zoneNames = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    ]

    /// Reads `[Wkd, ]D Mon YYYY H:MM[:SS] ZONE`; nil for anything else.
    init?(_ text: String) {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        let hasWeekday = tokens.first.map { Self.weekdays.contains($0) } ?? false
        if hasWeekday { tokens.removeFirst() }
        guard tokens.count == 5, let day = Int(tokens[0]), tokens[0].count <= 2,
            let month = Self.months.firstIndex(of: tokens[1]).map({ $0 + 1 }), let year = Int(tokens[2]), tokens[2].count == 4
        else { return nil }
        let clock = tokens[3].split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, let hour = clock[0], let minute = clock[1] else { return nil }
        let second = clock.count == 3 ? clock[2] : 0
        guard let second, let offset = Self.offset(tokens[4]) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        components.timeZone = TimeZone(secondsFromGMT: offset)
        guard let date = Self.calendar.date(from: components) else { return nil }
        self.date = date
        self.hasWeekday = hasWeekday
        padsDay = tokens[0].count == 2
        padsHour = tokens[3].split(separator: ":")[0].count == 2
        hasSeconds = clock.count == 3
        zone = tokens[4]
        offsetSeconds = offset
    }

    /// `moment` written the way this date was, in its zone.
    func text(at moment: Date) -> String {
        var calendar = Self.calendar
        if let zone = TimeZone(secondsFromGMT: offsetSeconds) { calendar.timeZone = zone }
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: moment)
        let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
        let day = padsDay ? two(parts.day) : String(parts.day ?? 0)
        let hour = padsHour ? two(parts.hour) : String(parts.hour ?? 0)
        var text = hasWeekday ? "\(Self.weekdays[(parts.weekday ?? 1) - 1]), " : ""
        text += "\(day) \(Self.months[(parts.month ?? 1) - 1]) \(parts.year ?? 0) \(hour):\(two(parts.minute))"
        if hasSeconds { text += ":\(two(parts.second))" }
        return text + " \(zone)"
    }

    /// Seconds east of UTC for `+hhmm`/`-hhmm` or a zone name.
    private static func offset(_ token: String) -> Int? {
        if let hours = zoneNames[token] { return hours * 3600 }
        guard token.count == 5, let sign = token.first, sign == "+" || sign == "-", let value = Int(token.dropFirst()) else { return nil }
        let seconds = (value / 100) * 3600 + (value % 100) * 60
        return sign == "-" ? -seconds : seconds
    }

    /// Gregorian, so the result never depends on the machine's locale.
    private static var calendar: Calendar { Calendar(identifier: .gregorian) }
}
