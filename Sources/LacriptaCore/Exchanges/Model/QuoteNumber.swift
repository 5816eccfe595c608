import Foundation

/// A price or size exactly as the exchange wrote it, with a `Double` for arithmetic.
///
/// Coinbase and Bitstamp send numbers as strings and Kraken and Bitfinex as JSON numbers, with
/// meaningful trailing zeros (`115113.0`, `"0.01000000"`). The text is what is shown and compared
/// for equality, so a quote is never re-rounded through binary floating point; `value` is for
/// ordering and spreads, and `decimal` for exact arithmetic when it is worth the cost.
public struct QuoteNumber: Sendable, Hashable, CustomStringConvertible {
    /// The digits as sent, e.g. `17165.16`.
    public let text: String
    /// The nearest `Double` to `text`.
    public let value: Double

    /// Reads `text` as a JSON number (`-?digits[.digits][e±digits]`); nil for anything else.
    public init?(_ text: String) {
        var copy = text
        let value = copy.withUTF8 { bytes -> Double? in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            let cursor = JSONCursor(base: base, count: bytes.count)
            return try? cursor.number(filling: 0..<bytes.count).value
        }
        guard let value else { return nil }
        self.text = text
        self.value = value
    }

    /// A number the parser has already validated.
    init(text: String, value: Double) {
        self.text = text
        self.value = value
    }

    /// The exact decimal value of `text`.
    public var decimal: Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    public var description: String { text }

    /// Equal when the texts are: `115113.0` and `115113` are the same price but not the same
    /// quote as sent, and tests of the parsers rely on that.
    public static func == (lhs: QuoteNumber, rhs: QuoteNumber) -> Bool {
        lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
