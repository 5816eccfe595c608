import Foundation

/// The bars the simulated exchanges and CoinGecko's `/ohlc` serve: a deterministic walk ending at
/// the markets recording's "now" (`CoinGeckoTime.recordedNow`) on a plausible price, so charts
/// meet the recorded prices and every run serves the same candles.
struct SimulatedCandles {
    /// One bar of the walk.
    struct Bar {
        var time: Double
        var open, high, low, close, volume: Double
    }

    /// A plausible USD price for each coin the simulated exchanges list (the markets recording's
    /// figures, rounded).
    static let usdPrices: [String: Double] = ["BTC": 67_215, "ETH": 2_392.91, "SOL": 140.5]
    /// Units of each quote currency per dollar.
    static let unitsPerUSD: [String: Double] = ["USD": 1, "EUR": 0.92]

    /// `count` bars `width` seconds apart, the last one the unfinished bar holding "now", closing
    /// at `close`.
    static func bars(count: Int, width: Double, close: Double, end: Date = CoinGeckoTime.recordedNow) -> [Bar] {
        let last = (end.timeIntervalSince1970 / width).rounded(.down) * width
        return CryptoCompareREST.walk(count: count, endingAt: last, width: width, close: close).compactMap { bar in
            guard let time = bar["time"]?.doubleValue, let open = bar["open"]?.doubleValue, let high = bar["high"]?.doubleValue,
                let low = bar["low"]?.doubleValue, let close = bar["close"]?.doubleValue, let volume = bar["volumefrom"]?.doubleValue
            else { return nil }
            return Bar(time: time, open: open, high: high, low: low, close: close, volume: volume)
        }
    }

    /// The price of `coin` in `currency` (upper case), or nil for a pair nobody lists here.
    static func price(of coin: String, in currency: String) -> Double? {
        guard let usd = usdPrices[coin], let rate = unitsPerUSD[currency] else { return nil }
        return usd * rate
    }

    /// `value` with two decimals, as the exchanges print prices in text.
    static func text(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
