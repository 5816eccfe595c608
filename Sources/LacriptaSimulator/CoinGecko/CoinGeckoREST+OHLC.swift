extension CoinGeckoREST {
    /// `/coins/{id}/ohlc?vs_currency=usd&days=N` (reference portfolio §4.1): `[[ms, o, h, l, c], …]`,
    /// each stamped with its candle's close time, 30-minute candles for 1–2 days, 4-hour up to 30,
    /// 4-day beyond; no volume. More than 365 days (or `max`) is the recorded 401, as for charts.
    func ohlc(id: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let currency = request.queryValue("vs_currency"), !currency.isEmpty else { return Self.missingParameter("vs_currency") }
        guard let daysText = request.queryValue("days"), !daysText.isEmpty else { return Self.missingParameter("days") }
        guard let item = data.marketItems.first(where: { $0["id"]?.stringValue == id }) else { return coinNotFound }
        guard let rate = currencies.unitsPerUSD(of: currency) else { return invalidCurrency }
        let days: Double? = daysText.lowercased() == "max" ? .infinity : Double(daysText)
        guard let days, days > 0 else { return Self.missingParameter("days") }
        guard days <= Self.historyLimitDays else { return .coinGecko(data[.error401History], status: 401) }
        guard let price = item["current_price"]?.doubleValue, price > 0 else { return .coinGecko(.array([])) }
        let width: Double = days <= 2 ? 1800 : days <= 30 ? 14_400 : 345_600
        let bars = SimulatedCandles.bars(count: Int(days * 86_400 / width), width: width, close: price * rate)
        return .coinGecko(
            .array(
                bars.map { bar in
                    .array([.number(String(Int64((bar.time + width) * 1000)))] + [bar.open, bar.high, bar.low, bar.close].map { .number($0) })
                }))
    }
}
