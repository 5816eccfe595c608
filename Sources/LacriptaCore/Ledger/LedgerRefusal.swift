import Foundation

/// A transaction the ledger cannot apply: it disposes of more coin than was held at its date.
public struct LedgerRefusal: Error, Sendable, Equatable {
    /// The transaction (its kind, date and short id name it for the user).
    public var transaction: LedgerTransaction
    /// The coin it disposes of (the transaction's, or the coin its fee is paid in).
    public var symbol: String
    /// How much it disposes of.
    public var wanted: Decimal
    /// How much was held just before it.
    public var held: Decimal

    /// "the sell of 2 BTC on 2024-06-01 (id abc123) needs 2 BTC; you held 1.5 BTC then".
    public var message: String {
        let what =
            "the \(transaction.kind.rawValue) of \(transaction.amount.text) \(transaction.symbol) on \(transaction.date.text) (id \(transaction.shortID))"
        let heldText = held == 0 ? "you held no \(symbol)" : "you held \(held.plainText) \(symbol)"
        return "\(what) needs \(wanted.plainText) \(symbol); \(heldText) then"
    }
}

extension Decimal {
    /// The exact digits, `.` as the separator, no grouping (`NSDecimalNumber`'s own form).
    public var plainText: String { NSDecimalNumber(decimal: self).stringValue }
}
