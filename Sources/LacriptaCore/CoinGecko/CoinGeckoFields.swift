import Foundation

/// Lenient readers for CoinGecko's field types beyond plain numbers and strings.
///
/// CoinGecko prints whole floats with `.0` (`20021265.0`) and sends `null` for unknown figures,
/// so integers are read as numbers and converted without trapping, and dates are RFC 3339 with
/// milliseconds (`2026-04-27T02:36:54.270Z`).
extension KeyedDecodingContainer {
    /// An integer for `key` (`1`, `1.0` or `"1"`), nil when absent, null, fractional or out of range.
    func lenientInteger(_ key: Key) -> Int? {
        lenientDouble(key).flatMap(integerWithoutTrapping)
    }

    /// An RFC 3339 date for `key`, nil when absent or unreadable.
    func lenientDate(_ key: Key) -> Date? {
        lenientString(key).flatMap(InternetDate.rfc3339)
    }

    /// A boolean for `key`, nil when absent or not `true`/`false`.
    func lenientBool(_ key: Key) -> Bool? {
        (try? decodeIfPresent(Bool.self, forKey: key)) ?? nil
    }

    /// The nested object at `key`, nil when absent, null or not an object.
    func lenientObject(_ key: Key) -> KeyedDecodingContainer<AnyKey>? {
        guard (try? decodeNil(forKey: key)) == false else { return nil }
        return try? nestedContainer(keyedBy: AnyKey.self, forKey: key)
    }
}

/// `value` as an `Int` when it is a whole number in range, else nil; never traps.
///
/// A private stand-in for the shared non-trapping conversion another branch adds
/// (`Int(towardZero:)`); unlike that one it also refuses fractions, since a rank of 1.5 is not a
/// rank. Swap it over once both are merged.
private func integerWithoutTrapping(_ value: Double) -> Int? {
    // 2^63 is the first Double above Int.max; Double(Int.max) rounds up to it, so the bound is exclusive.
    guard value.isFinite, value == value.rounded(.towardZero), value >= -9_223_372_036_854_775_808.0,
        value < 9_223_372_036_854_775_808.0
    else { return nil }
    return Int(value)
}
