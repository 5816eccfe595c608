import Foundation

extension InternetDate {
    /// Reads an RFC 822/5322 date as feeds write it, like `Thu, 16 Jul 2026 12:00:02 -0400`.
    ///
    /// Accepted beyond the strict grammar, because real feeds send them: no weekday, or a weekday
    /// without its comma or spelt out; extra spaces and tabs; a single-digit day or hour; no
    /// seconds, or fractional ones; full or `Sept`-style month names in any case; the month before
    /// the day (`Jul 16 2026`); two-digit years (RFC 5322: 00–49 are 20xx); offsets as `+0000`,
    /// `+00:00` or `+00`; `GMT`, `UT`, `UTC`, `Z` and the US zone names of RFC 822 (`EST`, `PDT`…)
    /// plus a few unambiguous others (`CET`, `JST`…); a trailing comment like `(UTC)`; and no zone
    /// at all, read as UTC. The weekday is not checked against the date: feeds get it wrong, and
    /// the day number is what they mean. Ambiguous names (`BST`, `IST`) give nil.
    public static func rfc822(_ text: String) -> Date? {
        canonicalRFC822(text) ?? tolerantRFC822(text)
    }

    /// The general reader behind `rfc822`, token by token.
    static func tolerantRFC822(_ text: String) -> Date? {
        var time = CivilTime(year: 0, month: 0, day: 0)
        var seen = (day: false, month: false, year: false, time: false, zone: false)
        for token in RFC822Token.split(text) {
            if token.first == "(" { continue }  // a comment, e.g. "+0000 (UTC)"
            if token.contains(":"), !seen.time, !(token.first == "+" || token.first == "-") {
                guard readTimeOfDay(token, into: &time) else { return nil }
                seen.time = true
            } else if let month = monthNumber(token), !seen.month {
                time.month = month
                seen.month = true
            } else if weekdays.contains(String(token.prefix(3)).lowercased()), !seen.day, token.allSatisfy(\.isLetter) {
                continue
            } else if token.allSatisfy(\.isASCIIDigit) {
                guard let number = Int(token) else { return nil }
                if !seen.day, token.count <= 2 {
                    time.day = number
                    seen.day = true
                } else if !seen.year, seen.day || token.count == 4 {
                    time.year = expandedYear(number, digits: token.count)
                    seen.year = true
                } else {
                    return nil
                }
            } else if seen.time, !seen.zone, let offset = zoneOffset(token) {
                time.offsetSeconds = offset
                seen.zone = true
            } else {
                return nil
            }
        }
        guard seen.day, seen.month, seen.year, seen.time else { return nil }
        return time.date
    }

    /// Reads `H:MM`, `HH:MM:SS` or `HH:MM:SS.fff` into `time`.
    private static func readTimeOfDay(_ token: Substring, into time: inout CivilTime) -> Bool {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return false }
        guard let hour = smallNumber(parts[0], digits: 1...2), let minute = smallNumber(parts[1], digits: 2...2) else { return false }
        time.hour = hour
        time.minute = minute
        guard parts.count == 3 else { return true }
        let secondAndFraction = parts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let second = smallNumber(secondAndFraction[0], digits: 2...2) else { return false }
        time.second = second
        if secondAndFraction.count == 2 {
            let digits = secondAndFraction[1].prefix(6)
            guard !digits.isEmpty, secondAndFraction[1].allSatisfy(\.isASCIIDigit), let fraction = Int64(digits) else { return false }
            time.fraction = fraction
            time.fractionDigits = digits.count
        }
        return true
    }

    /// Seconds east of UTC for `+hhmm`, `+hh:mm`, `+hh` or a zone name; nil for anything else.
    private static func zoneOffset(_ token: Substring) -> Int? {
        if let sign = token.first, sign == "+" || sign == "-" {
            let digits = token.dropFirst().filter { $0 != ":" }
            guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
                let hours = Int(digits.prefix(2)), let minutes = Int(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2))),
                hours <= 23, minutes <= 59
            else { return nil }
            let seconds = hours * 3600 + minutes * 60
            return sign == "-" ? -seconds : seconds
        }
        return zoneNames[token.uppercased()].map { $0 * 3600 }
    }

    /// RFC 5322 §4.3: two-digit years 00–49 are 2000–2049, 50–99 are 1950–1999; three digits add 1900.
    private static func expandedYear(_ year: Int, digits: Int) -> Int {
        switch digits {
        case 1, 2: year < 50 ? 2000 + year : 1900 + year
        case 3: 1900 + year
        default: year
        }
    }

    /// The number in `text` when it has an allowed number of ASCII digits.
    private static func smallNumber(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// 1–12 for a month name: the three-letter form, the full name or `Sept`, in any case.
    private static func monthNumber(_ token: Substring) -> Int? {
        let lower = token.lowercased()
        guard lower.count >= 3, let index = months.firstIndex(where: { lower.hasPrefix($0) }) else { return nil }
        let full = fullMonths[index]
        guard lower.count == 3 || full.hasPrefix(lower) || lower == "sept" else { return nil }
        return index + 1
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let fullMonths = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]
    private static let weekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Zone names in hours east of UTC: RFC 822's own (UT, GMT, Z and the four US zones) and the
    /// unambiguous ones seen in feeds.
    ///
    /// BST and IST each name several zones, so they are left out.
    private static let zoneNames: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0,
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        "WET": 0, "WEST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3, "MSK": 3,
        "HKT": 8, "SGT": 8, "JST": 9, "KST": 9, "AEST": 10, "AEDT": 11,
    ]
}

/// Splits an RFC 822 date into its words: spaces, tabs and commas separate; a parenthesised
/// comment stays one token so it can be skipped whole.
private enum RFC822Token {
    static func split(_ text: String) -> [Substring] {
        var tokens: [Substring] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { !isSeparator($0) }) {
            rest = rest[start...]
            let end: Substring.Index
            if rest.first == "(" {
                end = rest.firstIndex(of: ")").map { rest.index(after: $0) } ?? rest.endIndex
            } else {
                end = rest.firstIndex(where: isSeparator) ?? rest.endIndex
            }
            tokens.append(rest[..<end])
            rest = rest[end...]
        }
        return tokens
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "," || character == "\t" || character == "\n" || character == "\r\n" || character == "\r"
    }
}

extension Character {
    /// `0`–`9` only: `isNumber` would also accept other scripts' digits, which `Int()` rejects.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
