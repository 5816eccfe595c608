import Foundation

/// CoinGecko's `/coins/{id}/ohlc?vs_currency=…&days=N` (reference portfolio §4.1): a bare array of
/// `[ms, open, high, low, close]`, no volume, each stamped with its candle's *end* (close) time.
///
/// The width is CoinGecko's choice: 30 minutes for 1–2 days, 4 hours for 3–30, 4 days beyond.
/// A candle's `time` here is its start (the stamp less the width), as every other source's is.
enum CoinGeckoOHLCResponse {
    /// The candles, oldest first.
    static func decode(_ data: Data, interval: SeriesInterval) throws(DecodingError) -> [Candle] {
        try TypedJSON.decode([[LenientDouble]].self, from: data).compactMap { row in
            let numbers = row.map(\.value)
            guard numbers.count >= 5, let milliseconds = numbers[0],
                let date = Date(unixSeconds: milliseconds / 1000 - Double(interval.seconds)),
                let open = numbers[1], let high = numbers[2], let low = numbers[3], let close = numbers[4]
            else { return nil }
            return Candle(checking: date, open: open, high: high, low: low, close: close, volume: nil)
        }
        .sorted { $0.time < $1.time }
    }

    /// The `days` CoinGecko accepts on `/ohlc` (1, 7, 14, 30, 90, 180, 365) for a chart range, and
    /// the width it then gives.
    static func request(for range: ChartRange) -> (days: Int, interval: SeriesInterval) {
        switch range {
        case .day: (1, .thirtyMinutes)
        case .week: (7, .fourHours)
        case .month: (30, .fourHours)
        case .quarter: (90, .fourDays)
        case .year, .max: (365, .fourDays)
        }
    }
}
