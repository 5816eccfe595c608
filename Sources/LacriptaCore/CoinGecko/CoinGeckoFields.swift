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

/// `value` as an `Int` when it is a whole number in range, else nil; never traps. Fractions are
/// refused, not truncated as `Int(towardZero:)` alone would: a rank of 1.5 is not a rank.
private func integerWithoutTrapping(_ value: Double) -> Int? {
    value == value.rounded(.towardZero) ? Int(towardZero: value) : nil
}

/// The head every CoinGecko coin object starts with (`id`, `symbol`, `name`), plus the object
/// itself for the lenient reads of everything else.
struct CoinGeckoObject {
    let id: String
    let symbol: String
    let name: String
    let fields: KeyedDecodingContainer<AnyKey>

    /// Reads the head from `decoder`; a missing or non-string head field is an error, as the
    /// coin cannot be named without it.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        id = try container.decode(String.self, forKey: AnyKey("id"))
        symbol = try container.decode(String.self, forKey: AnyKey("symbol"))
        name = try container.decode(String.self, forKey: AnyKey("name"))
        fields = container
    }
}
