import Foundation

/// What the ledger's coins are worth in one currency, per coin: the amount held, its average cost,
/// price, value, unrealised P/L (value − cost of the open lots), realised P/L (the disposals'
/// gains) and their sum; then the totals.
///
/// Pure: a `LedgerBook`, prices and rates in. Costs and gains recorded in another currency are
/// converted at the rate given for it (the caller states which rate, from where and when); with
/// none they are left out and `costCurrencyMismatch` names the currency.
public struct LedgerValuation: Sendable, Equatable {
    /// One coin's line.
    public struct Line: Sendable, Equatable {
        /// The coin.
        public var symbol: String
        /// How much is held.
        public var amount: Decimal
        /// What the held amount cost, in the valuation's currency; nil when unknown or elsewhere.
        public var cost: Decimal?
        /// cost / amount.
        public var averageCost: Decimal?
        /// The price of one coin; nil when the service has none.
        public var price: Decimal?
        /// amount × price.
        public var value: Decimal?
        /// The share of the total value, 0…100.
        public var sharePercent: Double?
        /// value − cost.
        public var unrealized: Decimal?
        /// unrealized / cost × 100.
        public var unrealizedPercent: Double?
        /// The gains of the disposals in the valuation's currency.
        public var realized: Decimal
        /// unrealized + realized (realized alone when nothing is held).
        public var total: Decimal?
        /// The currency costs or disposals of this coin are recorded in when it is not the
        /// valuation's (their P/L is left out).
        public var costCurrencyMismatch: String?
    }

    /// The currency every figure is in.
    public var currency: String
    /// One line per coin held or disposed of, in the ledger's order.
    public var lines: [Line]
    /// The sum of the values that have a price.
    public var totalValue: Decimal
    /// The sum of the known costs of what is held.
    public var totalCost: Decimal?
    /// The sum of the unrealised P/L that could be computed.
    public var totalUnrealized: Decimal?
    /// The sum of the realised P/L.
    public var totalRealized: Decimal
    /// totalUnrealized / totalCost × 100.
    public var totalUnrealizedPercent: Double?

    /// The currencies whose amounts were converted at `rates` (those some figure needed), sorted.
    public var converted: [String]

    /// Values `book` at `prices` (per upper-case ticker, in `currency`), costs and gains recorded
    /// in another currency converted at `rates` (what one of it is worth in `currency`).
    public init(book: LedgerBook, prices: [String: Double], currency: String, rates: [String: Decimal] = [:]) {
        self.currency = currency
        var lines: [Line] = []
        for symbol in book.symbols {
            let amount = book.held(symbol)
            let disposals = book.disposals(of: symbol, year: nil)
            guard amount > 0 || !disposals.isEmpty else { continue }
            var line = Line(
                symbol: symbol, amount: amount, cost: nil, averageCost: nil, price: nil, value: nil, sharePercent: nil, unrealized: nil,
                unrealizedPercent: nil, realized: book.realized(symbol, in: currency, rates: rates), total: nil, costCurrencyMismatch: nil)
            line.price = Self.decimalPrice(prices[symbol])
            line.value = line.price.map { amount * $0 }
            if amount > 0 {
                line.cost = book.cost(symbol, in: currency, rates: rates)
                if line.cost == nil, let other = (book.lots[symbol] ?? []).compactMap(\.currency).first(where: { $0 != currency && rates[$0] == nil })
                {
                    line.costCurrencyMismatch = other
                }
            } else {
                line.cost = 0
            }
            if line.costCurrencyMismatch == nil, let other = disposals.compactMap(\.currency).first(where: { $0 != currency && rates[$0] == nil }) {
                line.costCurrencyMismatch = other
            }
            if let cost = line.cost, amount > 0 { line.averageCost = cost / amount }
            if let cost = line.cost, let value = line.value ?? (amount == 0 ? 0 : nil) {
                line.unrealized = value - cost
                line.unrealizedPercent = HoldingsValuation.percent(value - cost, of: cost)
            }
            line.total = line.unrealized.map { $0 + line.realized }
            lines.append(line)
        }
        let total = lines.compactMap(\.value).reduce(Decimal(0), +)
        for index in lines.indices {
            lines[index].sharePercent = lines[index].value.flatMap { HoldingsValuation.percent($0, of: total) }
        }
        self.lines = lines
        let used = Set(
            lines.flatMap { line in
                (book.lots[line.symbol] ?? []).compactMap(\.currency) + book.disposals(of: line.symbol, year: nil).compactMap(\.currency)
            })
        converted = used.filter { $0 != currency && rates[$0] != nil }.sorted()
        totalValue = total
        let known = lines.filter { $0.unrealized != nil && $0.amount > 0 }
        totalCost = known.isEmpty ? nil : known.compactMap(\.cost).reduce(Decimal(0), +)
        totalUnrealized = known.isEmpty ? nil : known.compactMap(\.unrealized).reduce(Decimal(0), +)
        totalRealized = lines.map(\.realized).reduce(Decimal(0), +)
        totalUnrealizedPercent = totalCost.flatMap { cost in totalUnrealized.flatMap { HoldingsValuation.percent($0, of: cost) } }
    }

    /// The price as the shortest decimal that reads back as it; nil for what is not a price (NaN,
    /// negative, or beyond what `Decimal` holds, such as 1e200).
    static func decimalPrice(_ price: Double?) -> Decimal? {
        guard let price, price.isFinite, price >= 0, price < 1e30 else { return nil }
        return Decimal(string: String(price), locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(price)
    }
}
