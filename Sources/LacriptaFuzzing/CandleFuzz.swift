import Foundation
import LacriptaCore

/// The keyless candle bodies (Kraken, Coinbase, CoinGecko) and CryptoCompare's histo bars, each
/// input given to all four. Whatever a decoder returns must be drawable: oldest first, four
/// finite positive prices with the low under the open and close and the high over them, a
/// volume that is finite and not negative.
enum CandleFuzz {
    static func bodies(_ input: [UInt8]) throws(FuzzFailure) {
        let body = Data(input)
        let answers: [(String, [Candle]?)] = [
            ("kraken", (try? CandleBodies.kraken(body)) ?? nil),
            ("coinbase", try? CandleBodies.coinbase(body)),
            ("coingecko", try? CandleBodies.coinGecko(body, interval: .fourHours)),
            ("cryptocompare", try? CandleBodies.cryptoCompare(body)),
        ]
        for (name, candles) in answers {
            guard let candles else { continue }
            for (index, candle) in candles.enumerated() {
                let prices = [candle.open, candle.high, candle.low, candle.close]
                guard prices.allSatisfy({ $0.isFinite && $0 > 0 }), candle.low <= min(candle.open, candle.close),
                    candle.high >= max(candle.open, candle.close), candle.volume.map({ $0.isFinite && $0 >= 0 }) ?? true
                else { throw FuzzFailure("\(name): candle \(index) cannot be drawn: \(candle)") }
                if index > 0, candles[index - 1].time > candle.time { throw FuzzFailure("\(name): candle \(index) out of order") }
            }
        }
    }
}
