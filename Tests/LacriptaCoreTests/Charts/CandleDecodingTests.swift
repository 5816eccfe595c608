import Foundation
import Testing

@testable import LacriptaCore

/// The three keyless candle bodies, recorded shapes with their quirks: Kraken's strings under its
/// own pair name, Coinbase's low/high-first rows newest first, CoinGecko's close-time stamps
/// without volume; each recorded body cut at every offset decodes to its candles or throws.
@Suite("Candle bodies: Kraken, Coinbase, CoinGecko")
struct CandleDecodingTests {
    @Test("Kraken OHLC: strings read, the pair found under Kraken's own name, volume the 7th field")
    func kraken() throws {
        let candles = try #require(try KrakenOHLCResponse.decode(RecordedFixture.data("kraken-ohlc-xbtusd-60.json")))
        #expect(candles.count == 3)
        #expect(
            candles.last
                == Candle(time: Date(timeIntervalSince1970: 1_700_000_000), open: 37000, high: 37500, low: 36800, close: 37200, volume: 150.5))
        #expect(zip(candles, candles.dropFirst()).allSatisfy { $0.time < $1.time })
    }

    @Test("Kraken's error list (an unknown pair) is nil, not an error: the next source is asked")
    func krakenUnknownPair() throws {
        #expect(try KrakenOHLCResponse.decode(RecordedFixture.data("kraken-ohlc-unknown-pair.json")) == nil)
        #expect(throws: DecodingError.self) { try KrakenOHLCResponse.decode(Data(#"{"error":[]}"#.utf8)) }
    }

    @Test("Coinbase candles: [time, low, high, open, close, volume] newest first become oldest first")
    func coinbase() throws {
        let candles = try CoinbaseCandlesResponse.decode(RecordedFixture.data("coinbase-candles-btc-usd-3600.json"))
        #expect(candles.map(\.time.timeIntervalSince1970) == [1_717_196_400, 1_717_200_000, 1_717_207_200])
        #expect(
            candles[1]
                == Candle(
                    time: Date(timeIntervalSince1970: 1_717_200_000), open: 67100.5, high: 67250.0, low: 67010.1, close: 67200.2, volume: 12.34))
    }

    @Test("CoinGecko ohlc: each stamp is the candle's close, so its start is the width earlier; no volume")
    func coinGecko() throws {
        let candles = try CoinGeckoOHLCResponse.decode(RecordedFixture.data("coingecko-ohlc-bitcoin-7.json"), interval: .fourHours)
        #expect(candles.count == 2)
        #expect(candles[0] == Candle(time: Date(timeIntervalSince1970: 1_709_395_200 - 14_400), open: 61942, high: 62211, low: 61721, close: 61845))
        #expect(candles.allSatisfy { $0.volume == nil })
        #expect(CoinGeckoOHLCResponse.request(for: .day) == (1, .thirtyMinutes))
        #expect(CoinGeckoOHLCResponse.request(for: .max) == (365, .fourDays))
    }

    @Test(
        "each recorded body cut at every offset gives its candles or an error, never others",
        arguments: [
            "kraken-ohlc-xbtusd-60.json", "coinbase-candles-btc-usd-3600.json", "coingecko-ohlc-bitcoin-7.json",
        ])
    func splitAtEveryOffset(_ name: String) throws {
        let body = try RecordedFixture.data(name)
        func decode(_ data: Data) throws -> [Candle]? {
            switch name.prefix(6) {
            case "kraken": try KrakenOHLCResponse.decode(data)
            case "coinba": try CoinbaseCandlesResponse.decode(data)
            default: try CoinGeckoOHLCResponse.decode(data, interval: .fourHours)
            }
        }
        let whole = try decode(body)
        for cut in 0..<body.count {
            if let candles = try? decode(body.prefix(cut)) { #expect(candles == whole, "\(name) cut at \(cut)") }
        }
    }
}
