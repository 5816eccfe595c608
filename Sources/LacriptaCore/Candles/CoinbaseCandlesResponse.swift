import Foundation

/// Coinbase Exchange's `/products/{id}/candles` body (reference portfolio §4.2): a bare array of
/// `[time, low, high, open, close, volume]`, note low and high *before* open and close, newest
/// first, with no candle for a period without trades (a gap, not a zero).
enum CoinbaseCandlesResponse {
    /// The candles, oldest first.
    static func decode(_ data: Data) throws(DecodingError) -> [Candle] {
        try TypedJSON.decode([[LenientDouble]].self, from: data).compactMap { row in
            let numbers = row.map(\.value)
            guard numbers.count >= 5, let time = numbers[0], let date = Date(unixSeconds: time), let low = numbers[1],
                let high = numbers[2], let open = numbers[3], let close = numbers[4]
            else { return nil }
            return Candle(checking: date, open: open, high: high, low: low, close: close, volume: numbers.count > 5 ? numbers[5] : nil)
        }
        .sorted { $0.time < $1.time }
    }
}
