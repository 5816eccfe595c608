import Foundation

/// Coin acquired together and not yet disposed of: what is left of one buy or transfer in, or of
/// an opening holding, with what it cost.
public struct Lot: Sendable, Equatable {
    /// The coin.
    public var symbol: String
    /// When it was acquired; nil for an opening lot read from the holdings file (no date recorded).
    public var acquired: LedgerDate?
    /// The short id of the transaction it came from, or `holdings` for an opening lot.
    public var origin: String
    /// The currency of `cost`.
    public var currency: String?
    /// `amount` for the ledger's arithmetic (the pass and the book's sums use it, not `Decimal`).
    var quantity: LedgerNumber
    /// `cost` for the ledger's arithmetic.
    var costNumber: LedgerNumber?

    /// How much of it is left.
    public var amount: Decimal {
        get { quantity.asDecimal }
        set { quantity = LedgerNumber(newValue) }
    }

    /// What `amount` cost in all, fees included; nil when no cost was recorded.
    public var cost: Decimal? {
        get { costNumber?.asDecimal }
        set { costNumber = newValue.map(LedgerNumber.init) }
    }

    /// Creates a lot.
    public init(symbol: String, acquired: LedgerDate?, origin: String, amount: Decimal, cost: Decimal?, currency: String?) {
        self.init(
            symbol: symbol, acquired: acquired, origin: origin, quantity: LedgerNumber(amount), cost: cost.map(LedgerNumber.init), currency: currency)
    }

    /// Creates a lot from the ledger's numbers.
    init(symbol: String, acquired: LedgerDate?, origin: String, quantity: LedgerNumber, cost: LedgerNumber?, currency: String?) {
        self.symbol = symbol
        self.acquired = acquired
        self.origin = origin
        self.quantity = quantity
        self.costNumber = cost
        self.currency = cost == nil ? nil : currency
    }

    /// The cost of one coin; nil without a cost (or for an empty lot).
    public var unitCost: Decimal? {
        guard let cost, amount != 0 else { return nil }
        return cost / amount
    }

    /// Takes `part` (at most `amount`) out of the lot and returns the cost that leaves with it:
    /// the whole cost when the lot empties, so nothing is lost to a rounded division.
    mutating func take(_ part: LedgerNumber) -> LedgerNumber? {
        if part >= quantity {
            let all = costNumber
            quantity = .zero
            costNumber = costNumber.map { _ in .zero }
            return all
        }
        let share = costNumber.map { $0 * part / quantity }
        quantity -= part
        if let share, let whole = costNumber { costNumber = whole - share }
        return share
    }
}
