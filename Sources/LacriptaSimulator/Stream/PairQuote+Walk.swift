/// The random walk behind partial updates: one simulated trade per tick.
extension PairQuote {
    /// Exchanges the index's last trade comes from (LASTMARKET); a switch also moves LASTTRADEID
    /// into another id space, as the recorded session shows.
    static let markets = ["Coinbase", "Bitstamp", "Kraken", "Binance", "Bitfinex", "OKX"]

    /// How the walk moves.
    struct Walk: Sendable {
        /// Share of trades that leave the index price unchanged (FLAGS 4, no PRICE in the update).
        var unchangedProbability = 0.15
        /// Largest relative price move per trade.
        var maximumRelativeMove = 0.0008
        /// Share of trades from another exchange than the previous one.
        var marketSwitchProbability = 0.08
    }

    /// The (high, low) field pairs a new price may break, hour, day and 24 hours.
    private static let ranges: [(high: QuoteField, low: QuoteField)] = [
        (.highHour, .lowHour), (.highDay, .lowDay), (.high24Hour, .low24Hour),
    ]

    /// Applies one trade at `time` (epoch seconds) and returns the fields that changed: always the
    /// trade fields and volumes; PRICE, MEDIAN and the market caps only when the price moved;
    /// a HIGH or LOW only when the new price crossed it. FLAGS follows the price (1, 2 or 4).
    mutating func step(at time: Int, using random: inout StreamRandom, walk: Walk = Walk()) -> Set<QuoteField> {
        var changed: Set<QuoteField> = [
            .lastTradeID, .lastUpdate, .lastVolume, .lastVolumeTo, .volumeHour, .volumeHourTo, .volumeDay,
            .volumeDayTo, .volume24Hour, .volume24HourTo,
        ]
        let old = self[.price]
        var new = old
        if !random.chance(walk.unchangedProbability) {
            let move = Double.random(in: -walk.maximumRelativeMove...walk.maximumRelativeMove, using: &random)
            new = StreamNumber.significant(old * (1 + move))
        }
        flags = new > old ? Flag.priceUp : new < old ? Flag.priceDown : Flag.priceUnchanged
        if new != old {
            changed.formUnion(movePrice(to: new))
        }
        recordTrade(at: time, price: new, using: &random, walk: walk)
        return changed
    }

    /// Sets PRICE/MEDIAN, widens the ranges and recomputes the market caps; returns what changed.
    private mutating func movePrice(to price: Double) -> Set<QuoteField> {
        var changed: Set<QuoteField> = [.price, .median, .currentSupplyMarketCap, .circulatingSupplyMarketCap]
        self[.price] = price
        self[.median] = price
        for range in Self.ranges {
            if price > self[range.high] {
                self[range.high] = price
                changed.insert(range.high)
            }
            if price < self[range.low] {
                self[range.low] = price
                changed.insert(range.low)
            }
        }
        self[.currentSupplyMarketCap] = StreamNumber.significant(price * self[.currentSupply])
        self[.circulatingSupplyMarketCap] = StreamNumber.significant(price * self[.circulatingSupply])
        // An unlimited supply is -1 with a -1 cap, and the recording never re-sends those.
        if self[.maxSupply] > 0 {
            self[.maxSupplyMarketCap] = StreamNumber.significant(price * self[.maxSupply])
            changed.insert(.maxSupplyMarketCap)
        }
        return changed
    }

    /// A trade of a random size near `price` on the current or another exchange.
    private mutating func recordTrade(at time: Int, price: Double, using random: inout StreamRandom, walk: Walk) {
        if random.chance(walk.marketSwitchProbability) {
            let others = Self.markets.filter { $0 != lastMarket }
            lastMarket = others[Int.random(in: 0..<others.count, using: &random)]
            lastTradeID = Int64.random(in: 10_000_000...999_999_999, using: &random)
        } else {
            lastTradeID += Int64.random(in: 1...40, using: &random)
        }
        // Sizes relative to the day's volume, so PEPE trades millions and BTC fractions.
        let amount = StreamNumber.baseAmount(max(self[.volumeDay], 1) * Double.random(in: 1e-7...1e-4, using: &random))
        // The trade's own price differs a little from the index (LASTVOLUMETO / LASTVOLUME ≠ PRICE).
        let tradePrice = price * (1 + Double.random(in: -0.0004...0.0004, using: &random))
        let quoted = StreamNumber.significant(amount * tradePrice)
        self[.lastVolume] = amount
        self[.lastVolumeTo] = quoted
        for (volume, volumeTo) in [(QuoteField.volumeHour, QuoteField.volumeHourTo), (.volumeDay, .volumeDayTo), (.volume24Hour, .volume24HourTo)] {
            self[volume] = StreamNumber.baseAmount(self[volume] + amount)
            self[volumeTo] = StreamNumber.significant(self[volumeTo] + quoted)
        }
        self[.lastUpdate] = Double(time)
    }
}
