import Foundation

/// What the ledger says after every transaction: the open lots per coin and every disposal, by one
/// cost method. Built by `CostBasis.book`; pure data.
public struct LedgerBook: Sendable, Equatable {
    /// The method the lots were matched by.
    public var method: CostMethod
    /// The coins in the order they first appear (opening holdings first).
    public var symbols: [String]
    /// The open lots per coin, oldest first (for `average`, one pool per currency).
    public var lots: [String: [Lot]]
    /// Every disposal, in date order.
    public var disposals: [Disposal]

    /// The book of `symbol` alone: its lots and its disposals.
    public func only(_ symbol: String) -> LedgerBook {
        LedgerBook(method: method, symbols: [symbol], lots: [symbol: lots[symbol] ?? []], disposals: disposals(of: symbol, year: nil))
    }

    /// How much of `symbol` is held.
    public func held(_ symbol: String) -> Decimal {
        (lots[symbol] ?? []).reduce(LedgerNumber.zero) { $0 + $1.quantity }.asDecimal
    }

    /// What the held amount of `symbol` cost, when every lot has a cost in `currency`.
    public func cost(_ symbol: String, in currency: String) -> Decimal? {
        var total = LedgerNumber.zero
        for lot in lots[symbol] ?? [] {
            guard let cost = lot.costNumber, lot.currency == currency else { return nil }
            total += cost
        }
        return total.asDecimal
    }

    /// The currency the open lots of `symbol` were bought in, when they share one.
    public func costCurrency(_ symbol: String) -> String? {
        let currencies = Set((lots[symbol] ?? []).compactMap(\.currency))
        return currencies.count == 1 ? currencies.first : nil
    }

    /// The realised gain on `symbol` in `currency` (disposals in another currency or without a
    /// cost are left out; `realizedComplete` says whether any was).
    public func realized(_ symbol: String, in currency: String, year: Int? = nil) -> Decimal {
        disposals(of: symbol, year: year).filter { $0.currency == currency }.compactMap(\.numbers.gain).reduce(LedgerNumber.zero, +).asDecimal
    }

    /// Whether every disposal of `symbol` has a gain in `currency`.
    public func realizedComplete(_ symbol: String, in currency: String) -> Bool {
        disposals(of: symbol, year: nil).allSatisfy { $0.currency == currency && $0.numbers.cost != nil }
    }

    /// The disposals of `symbol` (all coins when nil), in `year` (UTC) when given.
    public func disposals(of symbol: String?, year: Int?) -> [Disposal] {
        disposals.filter { disposal in
            (symbol == nil || disposal.symbol == symbol) && (year == nil || disposal.date.day.hasPrefix("\(year ?? 0)-"))
        }
    }
}
