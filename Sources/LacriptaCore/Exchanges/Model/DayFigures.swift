/// An exchange's rolling 24-hour figures for a pair, as its ticker sends them.
///
/// Exchanges have no calendar-day open like CryptoCompare's index: their tickers roll over the
/// last 24 hours, so a change measured from `open` is a 24-hour change and is labelled so.
public struct DayFigures: Sendable, Hashable {
    /// The price 24 hours ago, as sent (Coinbase's `open_24h`).
    public var open: QuoteNumber?
    /// The change over 24 hours, as sent (Kraken's `change`, which sends no open: it is
    /// `last - change`).
    public var change: QuoteNumber?
    /// The highest price of the last 24 hours.
    public var high: QuoteNumber?
    /// The lowest price of the last 24 hours.
    public var low: QuoteNumber?
    /// The base volume traded in the last 24 hours.
    public var volume: QuoteNumber?

    /// Figures; those left out are unknown. Nil when none is known.
    public init?(
        open: QuoteNumber? = nil, change: QuoteNumber? = nil, high: QuoteNumber? = nil, low: QuoteNumber? = nil, volume: QuoteNumber? = nil
    ) {
        guard open != nil || change != nil || high != nil || low != nil || volume != nil else { return nil }
        self.open = open
        self.change = change
        self.high = high
        self.low = low
        self.volume = volume
    }
}

extension ExchangeQuote {
    /// The price 24 hours ago: as the exchange sent it, or its last price less its 24-hour change.
    /// A `Double`, for the change shown beside the price; worked out only when asked, so a parser
    /// reading a million tickers a second pays nothing for it.
    public var openValue: Double? {
        if let open = day?.open { return open.value }
        guard let change = day?.change?.value, let last = last?.value else { return nil }
        let open = last - change
        return open.isFinite ? open : nil
    }
}
