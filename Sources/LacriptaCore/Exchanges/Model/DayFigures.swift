/// An exchange's rolling 24-hour figures for a pair, as its ticker sends them.
///
/// Exchanges have no calendar-day open like CryptoCompare's index: their tickers roll over the
/// last 24 hours, so a change measured from `open` is a 24-hour change and is labelled so.
public struct DayFigures: Sendable, Hashable {
    /// The price 24 hours ago.
    public var open: QuoteNumber?
    /// The highest price of the last 24 hours.
    public var high: QuoteNumber?
    /// The lowest price of the last 24 hours.
    public var low: QuoteNumber?
    /// The base volume traded in the last 24 hours.
    public var volume: QuoteNumber?

    /// Figures; those left out are unknown. Nil when none is known.
    public init?(open: QuoteNumber? = nil, high: QuoteNumber? = nil, low: QuoteNumber? = nil, volume: QuoteNumber? = nil) {
        guard open != nil || high != nil || low != nil || volume != nil else { return nil }
        self.open = open
        self.high = high
        self.low = low
        self.volume = volume
    }
}
