import Foundation

/// What the user's holdings are worth in one currency: each coin's amount, price, value and share
/// of the total, and, where a cost was recorded in that same currency, the profit or loss.
///
/// Pure: holdings and prices in, figures out. Amounts and costs are `Decimal` (the user's digits),
/// prices are what the service sent; values are `Decimal` so that `0.1 + 0.2` of a coin is worth
/// exactly `0.3` of its price. A cost recorded in another currency is never converted at today's
/// rate (that would be a made-up figure): the coin's P/L is left out and `costCurrencyMismatch`
/// says why.
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
    /// The sum of the values that have a price.
    public var totalValue: Decimal
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
            if let price = prices[holding.symbol.uppercased()], price.isFinite, price >= 0 {
                // The shortest digits that read back as the price, not the binary expansion.
                let exact = Decimal(string: String(price), locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(price)
                line.price = exact
                line.value = holding.amount.value * exact
            }
            if let cost = holding.cost {
                if cost.currency.uppercased() != currency.uppercased() {
                    line.costCurrencyMismatch = cost.currency.uppercased()
                } else {
                    let paid = holding.amount.value * cost.price.value
                    line.cost = paid
                    if let value = line.value {
                        line.profit = value - paid
                        line.profitPercent = Self.percent(value - paid, of: paid)
                    }
                }
            }
            return line
        }
        let total = lines.compactMap(\.value).reduce(Decimal(0), +)
        for index in lines.indices {
            lines[index].sharePercent = lines[index].value.flatMap { Self.percent($0, of: total) }
        }
        self.lines = lines
        totalValue = total
        let priced = lines.filter { $0.profit != nil }
        if priced.isEmpty {
            totalCost = nil
            totalProfit = nil
            totalProfitPercent = nil
        } else {
            let cost = priced.compactMap(\.cost).reduce(Decimal(0), +)
            let profit = priced.compactMap(\.profit).reduce(Decimal(0), +)
            totalCost = cost
            totalProfit = profit
            totalProfitPercent = Self.percent(profit, of: cost)
        }
    }

    /// `part` as a percentage of `whole`; nil when `whole` is zero.
    static func percent(_ part: Decimal, of whole: Decimal) -> Double? {
        guard whole != 0 else { return nil }
        return NSDecimalNumber(decimal: part / whole * 100).doubleValue
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
