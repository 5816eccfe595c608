/// One exchange's latest top of book and last trade for a pair, normalised across feeds.
///
/// Every figure is optional because every feed leaves some out: Kraken and Bitfinex tickers carry
/// no last-trade size, Coinbase tickers before 2022 no book sizes, and Bitstamp sends the book and
/// the trades on separate channels (its adapter merges them, so a quote may have a bid and no
/// last yet, or the other way round).
public struct ExchangeQuote: Sendable, Equatable {
    /// Where the quote comes from.
    public var exchange: Exchange
    /// The pair, in lacripta's spelling.
    public var pair: TradingPair
    /// The best bid price.
    public var bid: QuoteNumber?
    /// The size at the best bid.
    public var bidSize: QuoteNumber?
    /// The best ask (offer) price.
    public var ask: QuoteNumber?
    /// The size at the best ask.
    public var askSize: QuoteNumber?
    /// The last trade's price.
    public var last: QuoteNumber?
    /// The last trade's size.
    public var lastSize: QuoteNumber?
    /// The exchange's own time for this quote, in Unix seconds with a fraction; nil when the feed
    /// sends none (Bitfinex, some Kraken and Coinbase frames).
    public var exchangeTime: Double?
    /// The rolling 24-hour figures where the feed sends them (Coinbase's `open_24h`, …; Kraken's
    /// `high`, `low`, `volume`, and its open worked out from `last - change`): `lacripta live`
    /// without a key measures change from them.
    public var day: DayFigures?

    /// A quote; figures left out are unknown.
    public init(
        exchange: Exchange, pair: TradingPair, bid: QuoteNumber? = nil, bidSize: QuoteNumber? = nil, ask: QuoteNumber? = nil,
        askSize: QuoteNumber? = nil, last: QuoteNumber? = nil, lastSize: QuoteNumber? = nil, exchangeTime: Double? = nil
    ) {
        self.exchange = exchange
        self.pair = pair
        self.bid = bid
        self.bidSize = bidSize
        self.ask = ask
        self.askSize = askSize
        self.last = last
        self.lastSize = lastSize
        self.exchangeTime = exchangeTime
    }

    /// A quote with the given 24-hour figures.
    public func with(day: DayFigures?) -> ExchangeQuote {
        var copy = self
        copy.day = day
        return copy
    }

    /// Whether the quote has no figure at all.
    public var isEmpty: Bool {
        bid == nil && bidSize == nil && ask == nil && askSize == nil && last == nil && lastSize == nil
    }
}
