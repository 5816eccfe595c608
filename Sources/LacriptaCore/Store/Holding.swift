import Foundation

/// One line of the user's holdings: how much of a coin, and optionally what it cost per coin in
/// which currency. Amounts and costs keep the user's own digits (`0.1` stays `0.1`, never
/// 0.1000000000000000055…): the text is kept, and `Decimal` is used for arithmetic.
public struct Holding: Sendable, Equatable {
    /// The coin, e.g. `BTC`.
    public var symbol: String
    /// The amount as typed, e.g. `0.5`.
    public var amount: DecimalText
    /// What one coin cost, as typed, with its currency; nil when not recorded.
    public var cost: (price: DecimalText, currency: String)?

    /// Creates a holding.
    public init(symbol: String, amount: DecimalText, cost: (price: DecimalText, currency: String)? = nil) {
        self.symbol = symbol
        self.amount = amount
        self.cost = cost
    }

    public static func == (lhs: Holding, rhs: Holding) -> Bool {
        lhs.symbol == rhs.symbol && lhs.amount == rhs.amount && lhs.cost?.price == rhs.cost?.price && lhs.cost?.currency == rhs.cost?.currency
    }
}

/// A non-negative decimal number kept exactly as the user wrote it (plain digits with an optional
/// fraction: `12`, `0.5`, `1000.25`), with its `Decimal` value for arithmetic.
public struct DecimalText: Sendable, Equatable, CustomStringConvertible {
    /// The digits as typed.
    public let text: String
    /// The exact value.
    public let value: Decimal
    /// The same value for the ledger's arithmetic: as integers when it has at most 18 digits.
    let number: LedgerNumber

    /// Parses `text`; nil unless it is plain digits with at most one `.` (no exponent, sign,
    /// grouping or locale: what is typed is what is stored).
    public init?(_ text: some StringProtocol) {
        guard let (value, number) = Self.parse(text.utf8) else { return nil }
        self.text = String(text)
        self.value = value
        self.number = number
    }

    private init(text: String, value: Decimal, number: LedgerNumber) {
        self.text = text
        self.value = value
        self.number = number
    }

    /// The same number with the ledger's arithmetic on it done in `Decimal` alone: what the
    /// ledger's tests hold the integer fast path to.
    package var decimalOnly: DecimalText { DecimalText(text: text, value: value, number: LedgerNumber(value)) }

    /// The value of plain digits with at most one `.`, each side 1 to 30 digits, as `Decimal` and
    /// for the ledger's arithmetic; nil otherwise.
    ///
    /// Read on the bytes: `Decimal(string:locale:)` (and a `Locale` made for each call) was most of
    /// reading a journal. Up to 19 significant digits, the common case, the value is built from an
    /// integer and a power of ten, which gives the very `Decimal` (bit for bit, compacted) that
    /// `Decimal(string:)` does; longer numbers and zero still go through it.
    static func parse(_ bytes: some Collection<UInt8>) -> (value: Decimal, number: LedgerNumber)? {
        var significand: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        var partLength = 0
        var sawPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !sawPoint, partLength > 0 else { return nil }
                sawPoint = true
                partLength = 0
                continue
            }
            guard (0x30...0x39).contains(byte), partLength < 30 else { return nil }
            partLength += 1
            if sawPoint { fractionDigits += 1 }
            if significand == 0, byte == 0x30 { continue }
            significant += 1
            if significant <= 19 { significand = significand * 10 + UInt64(byte - 0x30) }
        }
        guard partLength > 0 else { return nil }
        let units = significant <= 18 ? LedgerNumber(units: Int64(significand), scale: fractionDigits) : nil
        guard significant > 19 || significand == 0 else {
            let value = Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(significand))
            return (value, units ?? LedgerNumber(value))
        }
        guard let value = Decimal(string: String(decoding: bytes, as: UTF8.self), locale: posix) else { return nil }
        return (value, units ?? LedgerNumber(value))
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    public var description: String { text }
}
