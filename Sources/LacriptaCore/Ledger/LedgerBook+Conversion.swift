import Foundation

/// The book's figures in one currency when lots and sales are recorded in several: each amount in
/// another currency is multiplied by that currency's rate (what one of it is worth in the target),
/// and left out only when there is no rate for it.
extension LedgerBook {
    /// The currencies other than `currency` that the open lots' costs and the disposals are
    /// recorded in, sorted: the rates a total in `currency` needs.
    public func otherCurrencies(than currency: String) -> [String] {
        var found = Set<String>()
        for lots in lots.values { for lot in lots where lot.costNumber != nil { if let other = lot.currency { found.insert(other) } } }
        for disposal in disposals { if let other = disposal.currency { found.insert(other) } }
        found.remove(currency)
        return found.sorted()
    }

    /// What the held amount of `symbol` cost in `currency`, each lot in another currency converted
    /// at `rates`; nil when a lot has no cost or its currency has no rate.
    public func cost(_ symbol: String, in currency: String, rates: [String: Decimal]) -> Decimal? {
        var total = LedgerNumber.zero
        for lot in lots[symbol] ?? [] {
            guard let cost = lot.costNumber, let rate = Self.rate(of: lot.currency, in: currency, rates) else { return nil }
            total += cost * rate
        }
        return total.asDecimal
    }

    /// The realised gain on `symbol` in `currency`, each disposal in another currency converted at
    /// `rates`; disposals without a gain (no cost, or a cost in another currency than their
    /// proceeds) or without a rate are left out.
    public func realized(_ symbol: String, in currency: String, rates: [String: Decimal], year: Int? = nil) -> Decimal {
        disposals(of: symbol, year: year).reduce(LedgerNumber.zero) { (sum: LedgerNumber, disposal: Disposal) -> LedgerNumber in
            guard let gain = disposal.numbers.gain, let rate = Self.rate(of: disposal.currency, in: currency, rates) else { return sum }
            return sum + gain * rate
        }.asDecimal
    }

    /// 1 in `currency` itself; the rate given for any other; nil for none.
    static func rate(of other: String?, in currency: String, _ rates: [String: Decimal]) -> LedgerNumber? {
        guard let other else { return nil }
        if other == currency { return LedgerNumber(whole: 1) }
        return rates[other].map { LedgerNumber($0) }
    }
}
