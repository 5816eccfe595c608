import Foundation

/// Coin that left the portfolio with a gain or loss: a sale, or a fee paid in coin (proceeds 0).
/// Transfers out (`out`) are not disposals: their lots leave at cost.
public struct Disposal: Sendable, Equatable {
    /// Why the coin left.
    public enum Kind: String, Sendable {
        /// A `sell`.
        case sale
        /// A fee paid in this coin, or a money fee on a transfer (amount 0).
        case fee
    }

    /// Why the coin left.
    public var kind: Kind
    /// The coin.
    public var symbol: String
    /// When.
    public var date: LedgerDate
    /// The short id of the transaction.
    public var transactionID: String
    /// How much coin.
    public var amount: Decimal
    /// amount × price (0 for a fee).
    public var proceeds: Decimal
    /// A fee in the proceeds' currency, taken from the proceeds.
    public var fee: Decimal
    /// The currency of the proceeds and fee.
    public var currency: String?
    /// The cost of the coin disposed of, by the method; nil when a lot had no cost or its cost is
    /// in another currency (then `costCurrency` names it).
    public var cost: Decimal?
    /// The currency of a lot whose cost could not be used (not the proceeds' currency).
    public var costCurrencyMismatch: String?

    /// proceeds − fee − cost; nil without a cost.
    public var gain: Decimal? { cost.map { proceeds - fee - $0 } }
}
