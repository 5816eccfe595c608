import Foundation

/// The candle decoders behind one door open to the rest of this package (the fuzz entry), not to
/// users of the library, as `CryptoCompareBodies` opens CryptoCompare's.
package enum CandleBodies {
    /// Kraken's `/0/public/OHLC`; nil for its "unknown pair" error list.
    package static func kraken(_ body: Data) throws -> [Candle]? { try KrakenOHLCResponse.decode(body) }
    /// Coinbase Exchange's `/products/{id}/candles`.
    package static func coinbase(_ body: Data) throws -> [Candle] { try CoinbaseCandlesResponse.decode(body) }
    /// CoinGecko's `/coins/{id}/ohlc`, its candles `interval` wide.
    package static func coinGecko(_ body: Data, interval: SeriesInterval) throws -> [Candle] {
        try CoinGeckoOHLCResponse.decode(body, interval: interval)
    }
    /// CryptoCompare's histo bars.
    package static func cryptoCompare(_ body: Data) throws -> [Candle] { try HistoBarsResponse.decode(body) }
}
