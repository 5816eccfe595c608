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

    /// Parses `text`; nil unless it is plain digits with at most one `.` (no exponent, sign,
    /// grouping or locale: what is typed is what is stored).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let digits =
            (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.count <= 30 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard digits, let value = Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self.text = String(text)
        self.value = value
    }

    public var description: String { text }
}
