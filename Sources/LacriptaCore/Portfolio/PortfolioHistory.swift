import Foundation

/// The portfolio's value per day (what was held at the end of that UTC day times that day's
/// close) and its cost basis (what the open lots had cost), by one cost method. Pure: the ledger
/// and each coin's daily closes in, one point per day out.
public struct PortfolioHistory: Sendable, Equatable {
    /// One day.
    public struct Point: Sendable, Equatable {
        /// The day (its UTC midnight); the holdings are those at its end.
        public var date: Date
        /// Σ held × close; nil when a coin held that day has no close yet.
        public var value: Decimal?
        /// Σ the cost of the open lots in the currency (lots without a cost, or in another
        /// currency, are left out and named in `uncosted`).
        public var cost: Decimal
    }

    /// The days, oldest first.
    public var points: [Point]
    /// Coins held in the range for which no close was given (their value is missing).
    public var unpriced: [String]
    /// Coins whose lots have no cost in the currency (left out of the cost line).
    public var uncosted: [String]

    /// The history over `days` UTC days ending with `today`'s, from the opening holdings and the
    /// journal, with `closes` per coin (daily closes in the currency; a day without one carries
    /// the previous close forward).
    public init(
        opening: [Holding], transactions: [LedgerTransaction], method: CostMethod, closes: [String: PriceHistory], currency: String, days: Int,
        today: Date
    ) throws(LedgerRefusal) {
        let dayLength: TimeInterval = 86_400
        let todayStart = (today.timeIntervalSince1970 / dayLength).rounded(.down) * dayLength
        let ordered = transactions.enumerated().sorted { ($0.element.date.date, $0.offset) < ($1.element.date.date, $1.offset) }.map(\.element)
        var closeByDay: [String: [Double: Double]] = [:]
        for (symbol, history) in closes {
            closeByDay[symbol] = Dictionary(
                history.dailyCloses().points.map { (($0.date.timeIntervalSince1970 / dayLength).rounded(.down), $0.close) }
            ) { $1 }
        }
        var points: [Point] = []
        var unpriced: Set<String> = []
        var uncosted: Set<String> = []
        var lastClose: [String: Double] = [:]
        var included = 0
        var book: LedgerBook?
        for offset in stride(from: days - 1, through: 0, by: -1) {
            let dayStart = todayStart - Double(offset) * dayLength
            let end = Date(timeIntervalSince1970: dayStart + dayLength)
            // The transactions of that day and before; the list is sorted, so a prefix. A day
            // without a transaction holds what the day before held: its book is reused.
            let before = included
            while included < ordered.count, ordered[included].date.date < end { included += 1 }
            if book == nil || included != before {
                book = try CostBasis.book(opening: opening, transactions: Array(ordered[..<included]), method: method)
            }
            guard let book else { continue }
            var value: Decimal? = 0
            var cost = Decimal(0)
            for symbol in book.symbols {
                let held = book.held(symbol)
                if let close = closeByDay[symbol]?[dayStart / dayLength] { lastClose[symbol] = close }
                guard held > 0 else { continue }
                if let close = lastClose[symbol], let price = LedgerValuation.decimalPrice(close) {
                    value = value.map { $0 + held * price }
                } else {
                    value = nil
                    unpriced.insert(symbol)
                }
                if let lotCost = book.cost(symbol, in: currency) { cost += lotCost } else { uncosted.insert(symbol) }
            }
            points.append(Point(date: Date(timeIntervalSince1970: dayStart), value: value, cost: cost))
        }
        self.points = points
        self.unpriced = unpriced.sorted()
        self.uncosted = uncosted.sorted()
    }
}
