import Foundation

/// Exchange timestamps as Unix seconds with a fraction, read from the bytes of a message.
///
/// Coinbase and Kraken send RFC 3339 in UTC with six or nine fraction digits; Bitstamp sends
/// whole seconds and microseconds as digit strings. The common RFC 3339 shape is read in place,
/// at message rate; anything else (an offset, a space for the `T`) goes to
/// `InternetDate.rfc3339`, which builds a string first.
enum ExchangeTime {
    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` (or any RFC 3339 form `InternetDate` accepts) in `span`;
    /// nil when it is not a valid instant. Fraction digits past the sixth are dropped: a `Double`
    /// near 1.8e9 s cannot hold them anyway.
    static func rfc3339(_ base: UnsafePointer<UInt8>, _ span: Range<Int>) -> Double? {
        let bytes = UnsafeBufferPointer(start: base + span.lowerBound, count: span.count)
        if let seconds = utc(bytes) { return seconds }
        return InternetDate.rfc3339(String(decoding: bytes, as: UTF8.self))?.timeIntervalSince1970
    }

    /// A digit string counting `unitsPerSecond` units since 1970 (`"1606965727403931"` µs with
    /// 1_000_000) as seconds; nil unless `span` is 1...18 ASCII digits.
    static func units(_ base: UnsafePointer<UInt8>, _ span: Range<Int>, perSecond unitsPerSecond: Int64) -> Double? {
        guard (1...18).contains(span.count) else { return nil }
        var value: Int64 = 0
        for index in span {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
        }
        // Whole seconds and the remainder apart: both convert exactly, and one division rounds.
        return Double(value / unitsPerSecond) + Double(value % unitsPerSecond) / Double(unitsPerSecond)
    }

    /// The UTC shape in place; nil for any other shape or an invalid field.
    private static func utc(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[bytes.count - 1] == UInt8(ascii: "Z"),
            let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2)
        else { return nil }
        var fraction: Int64 = 0
        var scale: Int64 = 1
        let end = bytes.count - 1
        if end > 19 {
            guard bytes[19] == UInt8(ascii: "."), end > 20 else { return nil }
            for index in 20..<end {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                if scale < 1_000_000 {
                    fraction = fraction * 10 + Int64(digit)
                    scale *= 10
                }
            }
        }
        guard (1...12).contains(month), day >= 1, day <= CivilTime.daysIn(month: month, year: year), hour <= 23, minute <= 59,
            second <= 60
        else { return nil }
        let days = Int64(CivilTime.daysFromCivil(year: year, month: month, day: day))
        let whole = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Double(whole * scale + fraction) / Double(scale)
    }

    /// `count` ASCII digits at `start` as a number.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
