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
    /// How much of it is left.
    public var amount: Decimal
    /// What `amount` cost in all, fees included; nil when no cost was recorded.
    public var cost: Decimal?
    /// The currency of `cost`.
    public var currency: String?

    /// Creates a lot.
    public init(symbol: String, acquired: LedgerDate?, origin: String, amount: Decimal, cost: Decimal?, currency: String?) {
        self.symbol = symbol
        self.acquired = acquired
        self.origin = origin
        self.amount = amount
        self.cost = cost
        self.currency = cost == nil ? nil : currency
    }

    /// The cost of one coin; nil without a cost (or for an empty lot).
    public var unitCost: Decimal? {
        guard let cost, amount != 0 else { return nil }
        return cost / amount
    }

    /// Takes `part` (at most `amount`) out of the lot and returns the cost that leaves with it:
    /// the whole cost when the lot empties, so nothing is lost to a rounded division.
    mutating func take(_ part: Decimal) -> Decimal? {
        if part >= amount {
            let all = cost
            amount = 0
            cost = cost.map { _ in 0 }
            return all
        }
        let share = cost.map { $0 * part / amount }
        amount -= part
        if let share, let whole = cost { cost = whole - share }
        return share
    }
}
