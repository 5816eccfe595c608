import Foundation

extension InternetDate {
    /// Reads an RFC 3339 timestamp such as `2026-04-27T02:36:54.270Z` or
    /// `2023-03-13T10:12:08.991+00:00`.
    ///
    /// Accepted beyond the strict grammar: a lower-case `t`/`z` or a space between date and time;
    /// no seconds; any number of fraction digits (the first six count); offsets as `+00:00`,
    /// `+0000` or `+00`; no offset at all, read as UTC; surrounding whitespace (Atom elements are
    /// often indented); and a bare date (`2015-07-30`, CoinGecko's `genesis_date`) as midnight UTC.
    public static func rfc3339(_ text: String) -> Date? {
        var scanner = DigitScanner(text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2)
        else { return nil }
        var time = CivilTime(year: year, month: month, day: day)
        if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2) else { return nil }
            time.hour = hour
            time.minute = minute
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2) else { return nil }
                time.second = second
                if scanner.skip(".") || scanner.skip(",") {
                    let digits = scanner.digitRun()
                    guard !digits.isEmpty else { return nil }
                    for digit in digits.prefix(6) { time.fraction = time.fraction * 10 + Int64(digit - 0x30) }
                    time.fractionDigits = min(digits.count, 6)
                }
            }
            if scanner.skip("Z") || scanner.skip("z") {
                time.offsetSeconds = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(digits: 2) else { return nil }
                var minutes = 0
                if scanner.skip(":") {
                    guard let value = scanner.number(digits: 2) else { return nil }
                    minutes = value
                } else if let value = scanner.number(digits: 2) {
                    minutes = value
                }
                guard hours <= 23, minutes <= 59 else { return nil }
                time.offsetSeconds = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard scanner.isAtEndIgnoringWhitespace else { return nil }
        return time.date
    }
}

/// A cursor over ASCII bytes for the fixed-width fields of RFC 3339.
private struct DigitScanner {
    private var bytes: Substring.UTF8View

    init(_ bytes: Substring.UTF8View) { self.bytes = bytes }

    /// Consumes exactly `digits` ASCII digits and returns their value, or consumes nothing.
    mutating func number(digits: Int) -> Int? {
        let field = bytes.prefix(digits)
        guard field.count == digits, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        bytes = bytes.dropFirst(digits)
        return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Consumes and returns every leading ASCII digit.
    mutating func digitRun() -> [UInt8] {
        let run = Array(bytes.prefix { (0x30...0x39).contains($0) })
        bytes = bytes.dropFirst(run.count)
        return run
    }

    /// Consumes `character` if it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard bytes.first == UInt8(ascii: character) else { return false }
        bytes = bytes.dropFirst()
        return true
    }

    /// Consumes a `+` or `-` and returns 1 or -1.
    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }

    /// Whether only whitespace is left.
    var isAtEndIgnoringWhitespace: Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
