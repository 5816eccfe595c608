import Foundation

/// What the user's holdings are worth in one currency: each coin's amount, price, value and share
/// of the total, and, where a cost was recorded in that same currency, the profit or loss.
///
/// Pure: holdings and prices in, figures out. Amounts and costs are `Decimal` (the user's digits),
/// prices are what the service sent; values are `Decimal` so that `0.1 + 0.2` of a coin is worth
/// exactly `0.3` of its price. A cost recorded in another currency is never converted at today's
/// rate (that would be a made-up figure): the coin's P/L is left out and `costCurrencyMismatch`
/// says why.
///
/// `Decimal` reaches about 3.4e165, and past that (a price of 1e200 from a service, an absurd
/// amount times a price) it gives NaN, which would print as "NaN%" and cannot be written as JSON.
/// A figure that does not fit is missing, as one the service did not send: shown as dashes, left
/// out of the total and the shares.
public struct HoldingsValuation: Sendable, Equatable {
    /// One coin's line.
    public struct Line: Sendable, Equatable {
        /// The holding as recorded.
        public var holding: Holding
        /// The price of one coin; nil when the service has none.
        public var price: Decimal?
        /// amount × price; nil without a price.
        public var value: Decimal?
        /// The share of the total value, 0…100; nil without a value.
        public var sharePercent: Double?
        /// What the amount cost (amount × cost per coin), in the valuation's currency.
        public var cost: Decimal?
        /// value − cost.
        public var profit: Decimal?
        /// profit / cost × 100.
        public var profitPercent: Double?
        /// The currency the cost was recorded in when it is not the valuation's (no P/L then).
        public var costCurrencyMismatch: String?
    }

    /// The currency every figure is in.
    public var currency: String
    /// One line per holding, in the store's order.
    public var lines: [Line]
    /// The sum of the values that have a price; nil when that sum does not fit in a `Decimal`.
    public var totalValue: Decimal?
    /// The sum of the costs of the lines with a P/L; nil when none has one.
    public var totalCost: Decimal?
    /// The profit or loss of those lines together.
    public var totalProfit: Decimal?
    /// totalProfit / totalCost × 100.
    public var totalProfitPercent: Double?

    /// Values `holdings` at `prices` (per upper-case ticker, in `currency`).
    public init(holdings: [Holding], prices: [String: Double], currency: String) {
        self.currency = currency
        var lines: [Line] = holdings.map { holding in
            var line = Line(holding: holding)
            if let price = prices[holding.symbol.uppercased()], price.isFinite, price >= 0,
                // The shortest digits that read back as the price, not the binary expansion.
                let exact = (Decimal(string: String(price), locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(price)).fitting
            {
                line.price = exact
                line.value = (holding.amount.value * exact).fitting
            }
            if let cost = holding.cost {
                if cost.currency.uppercased() != currency.uppercased() {
                    line.costCurrencyMismatch = cost.currency.uppercased()
                } else {
                    let paid = (holding.amount.value * cost.price.value).fitting
                    line.cost = paid
                    if let value = line.value, let paid, let profit = (value - paid).fitting {
                        line.profit = profit
                        line.profitPercent = Self.percent(profit, of: paid)
                    }
                }
            }
            return line
        }
        let total = lines.compactMap(\.value).reduce(Decimal(0), +).fitting
        for index in lines.indices {
            lines[index].sharePercent = total.flatMap { total in lines[index].value.flatMap { Self.percent($0, of: total) } }
        }
        self.lines = lines
        totalValue = total
        let priced = lines.filter { $0.profit != nil }
        if priced.isEmpty {
            totalCost = nil
            totalProfit = nil
            totalProfitPercent = nil
        } else {
            let cost = priced.compactMap(\.cost).reduce(Decimal(0), +).fitting
            let profit = priced.compactMap(\.profit).reduce(Decimal(0), +).fitting
            totalCost = cost
            totalProfit = profit
            totalProfitPercent = cost.flatMap { cost in profit.flatMap { Self.percent($0, of: cost) } }
        }
    }

    /// `part` as a percentage of `whole`; nil when `whole` is zero or the ratio does not fit.
    static func percent(_ part: Decimal, of whole: Decimal) -> Double? {
        guard whole != 0, let ratio = (part / whole * 100).fitting else { return nil }
        let percent = NSDecimalNumber(decimal: ratio).doubleValue
        return percent.isFinite ? percent : nil
    }
}

extension HoldingsValuation.Line {
    /// A line with nothing known but the holding.
    init(holding: Holding) {
        self.init(
            holding: holding, price: nil, value: nil, sharePercent: nil, cost: nil, profit: nil, profitPercent: nil,
            costCurrencyMismatch: nil)
    }
}

extension Decimal {
    /// The value, or nil when it is NaN: what `Decimal` gives for a result past its range.
    public var fitting: Decimal? { isNaN ? nil : self }
}
