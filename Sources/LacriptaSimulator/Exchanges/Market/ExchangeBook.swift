import Foundation

/// What one exchange quotes for one pair: its top of book rounded to its tick, the sizes there,
/// its last trade and 24-hour figures. Kept per exchange and pair across connections, as a real
/// venue's book does not restart when a client reconnects.
struct ExchangeBook: Sendable {
    /// The taker side of the last trade.
    enum Side: Sendable {
        case buy, sell
    }

    /// How an exchange writes prices: significant digits at the opening price, and the range of
    /// decimals allowed (Coinbase and Bitstamp at least cents, Kraken BTC in tenths, Bitfinex five
    /// significant digits and no trailing zeros).
    static func priceDecimals(for price: Double, on exchange: SimulatedExchange) -> Int {
        switch exchange {
        case .coinbase, .bitstamp: DecimalText.decimals(for: price, significant: 6, range: 2...8)
        case .kraken, .okx: DecimalText.decimals(for: price, significant: 6, range: 1...8)
        case .bitfinex: DecimalText.decimals(for: price, significant: 5, range: 0...8)
        case .cex: DecimalText.decimals(for: price, significant: 6, range: 0...8)
        case .binance, .binanceus, .gemini: DecimalText.decimals(for: price, significant: 7, range: 2...8)
        }
    }

    /// Share of updates that carry a trade: every Coinbase ticker is sent for a match; Kraken's
    /// `bbo` trigger, Bitstamp's book and Bitfinex's ticker also move without one.
    static func tradeProbability(on exchange: SimulatedExchange) -> Double {
        exchange == .coinbase ? 1 : 0.5
    }

    /// Sizes (base units) keep satoshi precision.
    static let sizeDecimals = 8

    let exchange: SimulatedExchange
    let pair: ExchangePair
    let priceDecimals: Int
    /// The opening price, for `open_24h` and the change.
    let open: DecimalText
    var bid: DecimalText
    var bidSize: DecimalText
    var ask: DecimalText
    var askSize: DecimalText
    var last: DecimalText
    var lastSize: DecimalText
    var side = Side.buy
    var high: DecimalText
    var low: DecimalText
    /// 24-hour volume in base units.
    var volume: DecimalText
    var tradeID: Int64
    /// Coinbase's per-product sequence.
    var sequence: Int64
    /// Trades since the book was created; 0 means `last` is only the opening price.
    var trades = 0
    /// Whether the latest update carried a trade.
    var traded = false
    /// CEX.IO: the `last` its latest `get_ticker` answer reported (its "indicative" price), which
    /// a client shows until it asks again.
    var polledLast: DecimalText?
    private var random: StreamRandom

    /// A book opening at `touch` (bid, ask) around the opening price `open`.
    init(exchange: SimulatedExchange, pair: ExchangePair, open: Double, touch: (bid: Double, ask: Double), seed: UInt64) {
        self.exchange = exchange
        self.pair = pair
        priceDecimals = Self.priceDecimals(for: open, on: exchange)
        let index = UInt64(SimulatedExchange.allCases.firstIndex(of: exchange) ?? 0) * 64 + UInt64(ExchangeListing.pairs.firstIndex(of: pair) ?? 0)
        random = StreamRandom.derived(from: seed, purpose: 1000 + index)
        self.open = DecimalText(open, decimals: priceDecimals)
        bid = DecimalText(touch.bid, decimals: priceDecimals, rule: .down)
        ask = DecimalText(touch.ask, decimals: priceDecimals, rule: .up)
        bidSize = DecimalText(units: 1, decimals: Self.sizeDecimals)
        askSize = bidSize
        last = self.open
        lastSize = bidSize
        high = self.open
        low = self.open
        volume = DecimalText(open > 0 ? 2_000_000 / open : 1, decimals: Self.sizeDecimals)
        tradeID = Int64.random(in: 100_000_000...900_000_000, using: &random)
        sequence = Int64.random(in: 10_000_000_000...90_000_000_000, using: &random)
        quote(touch: touch, trade: false)
    }

    /// Moves the book to `touch`: prices rounded outwards to the tick (bid down, ask up, at least
    /// one tick apart), fresh sizes, and with the exchange's probability a trade at the bid or ask.
    mutating func update(touch: (bid: Double, ask: Double)) {
        quote(touch: touch, trade: random.chance(Self.tradeProbability(on: exchange)))
    }

    private mutating func quote(touch: (bid: Double, ask: Double), trade: Bool) {
        bid = DecimalText(touch.bid, decimals: priceDecimals, rule: .down)
        ask = DecimalText(touch.ask, decimals: priceDecimals, rule: .up)
        if ask.units <= bid.units { ask.units = bid.units + 1 }
        bidSize = size()
        askSize = size()
        sequence += Int64.random(in: 1...3, using: &random)
        traded = trade
        guard trade else { return }
        side = Bool.random(using: &random) ? .buy : .sell
        last = side == .buy ? ask : bid
        lastSize = size()
        tradeID += Int64.random(in: 1...4, using: &random)
        trades += 1
        volume.units += lastSize.units
        if last.units > high.units { high = last }
        if last.units < low.units { low = last }
    }

    /// A size worth between about 50 and 50,000 in the quote currency, log-uniform.
    private mutating func size() -> DecimalText {
        let notional = exp(Double.random(in: log(50.0)...log(50_000.0), using: &random))
        var size = DecimalText(notional / max(last.value, 1e-9), decimals: Self.sizeDecimals)
        size.units = max(size.units, 1)
        return size
    }

    /// The best `count` levels of one side, for Bitstamp's book: the touch, then levels one to
    /// three ticks apart with their own sizes, derived from the sequence so that every socket
    /// gets the same picture of one update.
    func depth(bids: Bool, count: Int) -> [(price: DecimalText, size: DecimalText)] {
        var random = StreamRandom(seed: UInt64(bitPattern: sequence) &* (bids ? 3 : 5))
        var levels: [(DecimalText, DecimalText)] = [(bids ? bid : ask, bids ? bidSize : askSize)]
        var price = bids ? bid : ask
        for _ in 1..<max(1, count) {
            price.units += (bids ? -1 : 1) * Int64.random(in: 1...3, using: &random)
            guard price.units > 0 else { break }
            let size = DecimalText(
                units: max(1, (bids ? bidSize : askSize).units * Int64.random(in: 1...40, using: &random) / 10), decimals: Self.sizeDecimals)
            levels.append((price, size))
        }
        return levels
    }

    /// The day's change against the opening price, in price units and percent.
    var change: (absolute: DecimalText, percent: DecimalText, relative: DecimalText) {
        let absolute = DecimalText(units: last.units - open.units, decimals: priceDecimals)
        let relative = open.value > 0 ? absolute.value / open.value : 0
        return (absolute, DecimalText(relative * 100, decimals: 2), DecimalText(relative, decimals: 8))
    }
}
