extension ExchangeQuote {
    /// The streamer's market name for this quote's exchange and pair, e.g. `Coinbase` `BTC`→`USD`.
    public var pairKey: PairKey {
        PairKey(market: exchange.name, from: pair.base, to: pair.quote)
    }

    /// The quote as a streamer price update, so `lacripta live` shows an exchange's ticker the way
    /// it shows CryptoCompare's index: the last trade as the price, the exchange's time as the
    /// last update.
    ///
    /// Exchanges have no calendar-day open: their rolling 24-hour open, high, low and volume stand
    /// in for the day's figures as well as filling the 24-hour ones, and the views that show them
    /// for an exchange's market label them "24 h". A quote without a last trade (a book update)
    /// carries its mid price, so the row is never empty while the book moves.
    public var priceUpdate: PriceUpdate {
        var fields = PriceFields()
        if let last = last?.value {
            fields[.price] = last
        } else if let bid = bid?.value, let ask = ask?.value, bid > 0, ask > bid {
            fields[.price] = (bid + ask) / 2
        }
        if let bid = bid?.value { fields[.bid] = bid }
        if let ask = ask?.value { fields[.ask] = ask }
        if let time = exchangeTime, time.isFinite, time > 0 { fields[.lastUpdate] = time.rounded(.down) }
        if let open = openValue {
            fields[.openDay] = open
            fields[.open24Hour] = open
        }
        if let day {
            if let high = day.high?.value {
                fields[.highDay] = high
                fields[.high24Hour] = high
            }
            if let low = day.low?.value {
                fields[.lowDay] = low
                fields[.low24Hour] = low
            }
            if let volume = day.volume?.value {
                fields[.volumeDay] = volume
                fields[.volume24Hour] = volume
            }
        }
        return PriceUpdate(channel: Subscription.tickerChannel, pair: pairKey, flags: [], fields: fields)
    }
}
