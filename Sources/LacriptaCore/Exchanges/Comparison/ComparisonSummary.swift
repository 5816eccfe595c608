/// A price and the exchange quoting it.
public struct BestPrice: Sendable, Equatable {
    /// Where the price is quoted.
    public var exchange: Exchange
    /// The price as the exchange wrote it.
    public var price: QuoteNumber

    /// A price quoted on `exchange`.
    public init(exchange: Exchange, price: QuoteNumber) {
        self.exchange = exchange
        self.price = price
    }
}

/// Where the market for one pair is best across exchanges at one instant.
///
/// Ties go to the exchange listed first, so the summary does not flicker between equal prices.
public struct ComparisonSummary: Sendable, Equatable {
    /// The highest bid among current quotes.
    public var bestBid: BestPrice?
    /// The lowest ask among current quotes.
    public var bestAsk: BestPrice?

    /// A summary of the given best prices (none: no exchange has a current quote).
    public init(bestBid: BestPrice? = nil, bestAsk: BestPrice? = nil) {
        self.bestBid = bestBid
        self.bestAsk = bestAsk
    }

    /// The best ask minus the best bid: the spread of the combined market. Negative when the
    /// market is crossed.
    public var gap: Double? {
        guard let bestBid, let bestAsk else { return nil }
        return bestAsk.price.value - bestBid.price.value
    }

    /// `gap` as a fraction of the mid price (0.001 is 0.1 %).
    public var gapFraction: Double? {
        guard let gap, let bestBid, let bestAsk else { return nil }
        let mid = (bestAsk.price.value + bestBid.price.value) / 2
        return mid > 0 ? gap / mid : nil
    }

    /// Whether one exchange bids above another's ask: buying on one and selling on the other
    /// would profit before fees. A bid equal to an ask is locked, not crossed.
    public var isCrossed: Bool {
        guard let gap, let bestBid, let bestAsk else { return false }
        return gap < 0 && bestBid.exchange != bestAsk.exchange
    }
}
