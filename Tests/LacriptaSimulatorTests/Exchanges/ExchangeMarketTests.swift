import Foundation
import Testing

@testable import LacriptaSimulator

@Suite("Exchange feeds: the shared market and exact decimals")
struct ExchangeMarketTests {
    private let btc = ExchangePair(known: "BTC", "USD")

    private func market(seed: UInt64) -> ExchangeMarket {
        ExchangeMarket(seed: seed, openingPrices: [btc: 100_000])
    }

    /// Every exchange's raw top of book at each of `steps` steps.
    /// (The first four only: more venues cross more often, and the model's share is set for them.)
    private func touches(
        seed: UInt64, steps: Int, on exchanges: [SimulatedExchange] = [.coinbase, .kraken, .bitstamp, .bitfinex]
    ) -> [[(
        bid: Double, ask: Double
    )]] {
        var market = market(seed: seed)
        return (0..<steps).map { _ in
            market.advance(btc)
            return exchanges.compactMap { market.touch(of: btc, on: $0) }
        }
    }

    @Test("The same seed walks the same path; another seed another")
    func deterministic() {
        let first = touches(seed: 7, steps: 200).map { $0.map(\.bid) }
        #expect(first == touches(seed: 7, steps: 200).map { $0.map(\.bid) })
        #expect(first != touches(seed: 8, steps: 200).map { $0.map(\.bid) })
    }

    @Test("The exchanges move together, a few basis points apart, and cross now and then, not most of the time")
    func crossedNowAndThen() {
        let all = touches(seed: 42, steps: 5000)
        var crossed = 0
        for books in all {
            let bestBid = books.map(\.bid).max() ?? 0
            let bestAsk = books.map(\.ask).min() ?? 0
            if bestBid > bestAsk { crossed += 1 }
            let mids = books.map { ($0.bid + $0.ask) / 2 }
            #expect((mids.max() ?? 0) / (mids.min() ?? 1) < 1.002)
        }
        let share = Double(crossed) / Double(all.count)
        #expect(share > 0.01 && share < 0.15, "crossed \(share * 100) % of the time")
        // Every venue stays within the band, each with a positive spread.
        for books in touches(seed: 42, steps: 2000, on: SimulatedExchange.allCases) {
            let mids = books.map { ($0.bid + $0.ask) / 2 }
            #expect((mids.max() ?? 0) / (mids.min() ?? 1) < 1.002 && books.allSatisfy { $0.bid < $0.ask })
        }
    }

    @Test("Books round outwards to each exchange's tick and write their digits exactly")
    func books() {
        let coinbase = ExchangeBook(exchange: .coinbase, pair: btc, open: 100_000, touch: (99_999.994, 100_000.006), seed: 1)
        #expect(coinbase.bid.text == "99999.99" && coinbase.ask.text == "100000.01")
        let bitfinex = ExchangeBook(exchange: .bitfinex, pair: btc, open: 100_000, touch: (99_994.2, 100_003.1), seed: 1)
        #expect(bitfinex.bid.shortText == "99994" && bitfinex.ask.shortText == "100004")
        let kraken = ExchangeBook(exchange: .kraken, pair: btc, open: 100_000, touch: (99_999.95, 100_000.02), seed: 1)
        #expect(kraken.bid.text == "99999.9" && kraken.ask.text == "100000.1")
        #expect(coinbase.bidSize.text.split(separator: ".").last?.count == 8)
    }

    @Test("Decimal text: fixed and short forms, signs, and decimals chosen by price")
    func decimalText() {
        #expect(DecimalText(units: 1234, decimals: 2).text == "12.34")
        #expect(DecimalText(units: -5, decimals: 2).text == "-0.05")
        #expect(DecimalText(units: 1_000_000, decimals: 8).text == "0.01000000")
        #expect(DecimalText(units: 14_349_500, decimals: 6).shortText == "14.3495")
        #expect(DecimalText(units: 11_511_300, decimals: 2).shortText == "115113")
        #expect(DecimalText(units: 0, decimals: 2).shortText == "0")
        #expect(DecimalText.decimals(for: 100_000, significant: 6, range: 2...8) == 2)
        #expect(DecimalText.decimals(for: 0.17, significant: 6, range: 2...8) == 6)
        #expect(DecimalText.decimals(for: 86_697, significant: 5, range: 0...8) == 0)
        #expect(DecimalText.decimals(for: 3012.1, significant: 5, range: 0...8) == 1)
    }

    @Test("Time stamps in the feeds' spellings")
    func clockText() {
        let date = Date(timeIntervalSince1970: 1_709_210_096.5)
        #expect(ExchangeClockText.rfc3339(date) == "2024-02-29T12:34:56.500000Z")
        #expect(ExchangeClockText.rfc3339(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000000Z")
        #expect(ExchangeClockText.seconds(date) == "1709210096")
        #expect(ExchangeClockText.microseconds(date) == "1709210096500000")
        #expect(ExchangeClockText.unixSeconds(date) == 1_709_210_096.5)
    }
}
