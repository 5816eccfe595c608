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
    /// The currency of the proceeds and fee.
    public var currency: String?
    /// The currency of a lot whose cost could not be used (not the proceeds' currency).
    public var costCurrencyMismatch: String?
    /// The figures for the ledger's arithmetic (`amount`, `proceeds`, `fee`, `cost` read them).
    var numbers: Numbers

    /// A disposal's figures as the ledger's numbers.
    struct Numbers: Sendable, Equatable {
        var amount: LedgerNumber
        var proceeds: LedgerNumber
        var fee: LedgerNumber
        var cost: LedgerNumber?

        /// proceeds − fee − cost, computed as `Disposal.gain` always was.
        var gain: LedgerNumber? { cost.map { proceeds - fee - $0 } }
    }

    /// How much coin.
    public var amount: Decimal {
        get { numbers.amount.asDecimal }
        set { numbers.amount = LedgerNumber(newValue) }
    }
    /// amount × price (0 for a fee).
    public var proceeds: Decimal {
        get { numbers.proceeds.asDecimal }
        set { numbers.proceeds = LedgerNumber(newValue) }
    }
    /// A fee in the proceeds' currency, taken from the proceeds.
    public var fee: Decimal {
        get { numbers.fee.asDecimal }
        set { numbers.fee = LedgerNumber(newValue) }
    }
    /// The cost of the coin disposed of, by the method; nil when a lot had no cost or its cost is
    /// in another currency (then `costCurrencyMismatch` names it).
    public var cost: Decimal? {
        get { numbers.cost?.asDecimal }
        set { numbers.cost = newValue.map(LedgerNumber.init) }
    }

    /// proceeds − fee − cost; nil without a cost.
    public var gain: Decimal? { numbers.gain?.asDecimal }

    /// Creates a disposal from the ledger's numbers.
    init(
        kind: Kind, symbol: String, date: LedgerDate, transactionID: String, currency: String?, numbers: Numbers, costCurrencyMismatch: String? = nil
    ) {
        self.kind = kind
        self.symbol = symbol
        self.date = date
        self.transactionID = transactionID
        self.currency = currency
        self.numbers = numbers
        self.costCurrencyMismatch = costCurrencyMismatch
    }
}
