import Foundation

/// An RFC 3339 date as Atom feeds spell it (`2026-09-16T09:05:00.000Z`, `2026-09-15T22:40:00+02:00`),
/// read well enough to write it back moved in time with the same fraction and zone.
///
/// The simulator's own reader, like `MailDate`: only the spellings the recorded feeds use.
struct AtomDate: Equatable {
    /// The moment.
    let date: Date
    /// The fraction as written, with its dot (`.000`), or empty.
    let fraction: String
    /// The zone as written (`Z`, `+00:00`, `-04:00`).
    let zone: String
    /// The zone's offset east of UTC, in seconds.
    let offsetSeconds: Int

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`; nil for anything else.
    init?(_ text: String) {
        let characters = Array(text)
        guard characters.count >= 20, characters[4] == "-", characters[7] == "-", characters[10] == "T", characters[13] == ":",
            characters[16] == ":"
        else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(characters[range])) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var rest = characters[19...]
        var fraction = ""
        if rest.first == "." {
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            fraction = "." + String(digits)
            rest = rest.dropFirst(1 + digits.count)
        }
        let zone = String(rest)
        let offset: Int
        if zone == "Z" {
            offset = 0
        } else {
            let zoneCharacters = Array(zone)
            guard zoneCharacters.count == 6, zoneCharacters[0] == "+" || zoneCharacters[0] == "-", zoneCharacters[3] == ":",
                let hours = Int(String(zoneCharacters[1...2])), let minutes = Int(String(zoneCharacters[4...5]))
            else { return nil }
            offset = (zoneCharacters[0] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        components.timeZone = TimeZone(secondsFromGMT: offset)
        guard let date = Calendar(identifier: .gregorian).date(from: components) else { return nil }
        self.date = date
        self.fraction = fraction
        self.zone = zone
        offsetSeconds = offset
    }

    /// `moment` (whole seconds; the fraction is kept as written) in this date's zone and spelling.
    func text(at moment: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        if let zone = TimeZone(secondsFromGMT: offsetSeconds) { calendar.timeZone = zone }
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: moment)
        let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + "-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):"
            + two(parts.second) + fraction + zone
    }
}
