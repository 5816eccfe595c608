import Foundation
import LacriptaCore
import Testing

/// Quotes no exchange would send: a price at or below zero, a negative size, and a figure in the
/// spelling the market does not use (`1e308` as a bare number from Coinbase, which sends strings).
/// Each is malformed, so it reaches no table, line or alert.
@Suite("Exchange quotes that cannot be prices")
struct ExchangePlausibilityTests {
    let btc = ExchangeTest.pair("BTC/USD")

    /// Coinbase ticker text with `bid`, `ask` and `price` spelled as given (quotes included).
    private func coinbase(
        bid: String = #""100.5""#, ask: String = #""100.7""#, price: String = #""100.6""#, size: String = #""0.5""#
    )
        -> String
    {
        #"{"type":"ticker","product_id":"BTC-USD","price":"# + price + #","best_bid":"# + bid + #","best_ask":"# + ask
            + #","last_size":"# + size + "}"
    }

    /// Kraken v2 ticker text with its figures spelled as given.
    private func kraken(bid: String = "100.5", ask: String = "100.7", last: String = "100.6", quantity: String = "0.5") -> String {
        #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","bid":"# + bid + #","bid_qty":"# + quantity + #","ask":"# + ask
            + #","ask_qty":1.0,"last":"# + last + "}]}"
    }

    /// Bitfinex ticker array on channel 7 (subscribed first), with bid and last as given.
    private func bitfinex(bid: String = "100.5", last: String = "100.6") -> [String] {
        [
            #"{"event":"subscribed","channel":"ticker","chanId":7,"symbol":"tBTCUSD","pair":"BTCUSD"}"#,
            "[7,[" + bid + ",1.0,100.7,2.0,0.1,0.001," + last + ",10.0,101,99]]",
        ]
    }

    /// Bitstamp book frame with the best bid as given.
    private func bitstamp(bid: String = #""100.5""#) -> String {
        #"{"data":{"timestamp":"1700000000","microtimestamp":"1700000000000000","bids":[["# + bid
            + #","0.5"]],"asks":[["100.7","0.4"]]},"channel":"order_book_btcusd","event":"data"}"#
    }

    private func isQuote(_ events: [ExchangeEvent]) -> Bool {
        if case .quote = events.last { true } else { false }
    }

    @Test("the well-formed forms read as quotes (the cases below differ from them in one figure)")
    func baseline() {
        var coinbaseAdapter = Exchange.coinbase.adapter(for: [btc])
        #expect(isQuote(coinbaseAdapter.receive(coinbase())))
        var krakenAdapter = Exchange.kraken.adapter(for: [btc])
        #expect(isQuote(krakenAdapter.receive(kraken())))
        var bitfinexAdapter = Exchange.bitfinex.adapter(for: [btc])
        #expect(isQuote(bitfinexAdapter.receive(bitfinex()[0]) + bitfinexAdapter.receive(bitfinex()[1])))
        var bitstampAdapter = Exchange.bitstamp.adapter(for: [btc])
        #expect(isQuote(bitstampAdapter.receive(bitstamp())))
    }

    @Test(
        "Coinbase: a price at or below zero, a negative size, or a bare number where it sends strings is malformed",
        arguments: [
            (#""0""#, #""100.7""#, #""100.6""#, #""0.5""#), (#""-5""#, #""100.7""#, #""100.6""#, #""0.5""#),
            (#""100.5""#, #""-100.7""#, #""100.6""#, #""0.5""#), (#""100.5""#, #""100.7""#, #""0.00""#, #""0.5""#),
            (#""100.5""#, #""100.7""#, "1e308", #""0.5""#), (#""100.5""#, "100.7", #""100.6""#, #""0.5""#),
            (#""100.5""#, #""100.7""#, #""100.6""#, #""-0.5""#),
        ])
    func coinbaseRefuses(figures: (String, String, String, String)) {
        var adapter = Exchange.coinbase.adapter(for: [btc])
        #expect(adapter.receive(coinbase(bid: figures.0, ask: figures.1, price: figures.2, size: figures.3)) == [.malformed])
    }

    @Test(
        "Kraken: a price at or below zero, a negative quantity, or a string where it sends numbers is malformed",
        arguments: [
            ("0", "100.7", "100.6", "0.5"), ("-100.5", "100.7", "100.6", "0.5"), ("100.5", "-1", "100.6", "0.5"),
            ("100.5", "100.7", "0.0", "0.5"), ("100.5", "100.7", #""100.6""#, "0.5"), ("100.5", "100.7", "100.6", "-0.5"),
        ])
    func krakenRefuses(figures: (String, String, String, String)) {
        var adapter = Exchange.kraken.adapter(for: [btc])
        #expect(adapter.receive(kraken(bid: figures.0, ask: figures.1, last: figures.2, quantity: figures.3)) == [.malformed])
    }

    @Test(
        "Bitfinex: a negative bid, a zero last, or a string figure is malformed",
        arguments: [("-100.5", "100.6"), ("100.5", "0"), (#""100.5""#, "100.6")])
    func bitfinexRefuses(figures: (String, String)) {
        var adapter = Exchange.bitfinex.adapter(for: [btc])
        let frames = bitfinex(bid: figures.0, last: figures.1)
        _ = adapter.receive(frames[0])
        #expect(adapter.receive(frames[1]) == [.malformed])
    }

    @Test("Bitstamp: a negative or zero best bid, or a bare number in its book, is malformed", arguments: [#""-100.5""#, #""0""#, "100.5"])
    func bitstampRefuses(bid: String) {
        var adapter = Exchange.bitstamp.adapter(for: [btc])
        #expect(adapter.receive(bitstamp(bid: bid)) == [.malformed])
    }

    @Test("a refused quote never reaches the comparison: the best bid and ask stay those of the plausible quotes")
    func comparisonKeepsPlausibleQuotes() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var comparison = ExchangeComparison(pair: btc, exchanges: [.coinbase, .kraken], startedAt: start)
        var coinbaseAdapter = Exchange.coinbase.adapter(for: [btc])
        var krakenAdapter = Exchange.kraken.adapter(for: [btc])
        comparison.apply(.connected, for: .coinbase, at: start)
        comparison.apply(.connected, for: .kraken, at: start)
        for event in coinbaseAdapter.receive(coinbase()) { comparison.apply(event, from: .coinbase, at: start) }
        // Kraken's forged quote bids above everyone and asks below zero.
        for event in krakenAdapter.receive(kraken(bid: "1e308", ask: "-1")) { comparison.apply(event, from: .kraken, at: start) }
        let summary = comparison.summary(at: start)
        #expect(summary.bestBid?.exchange == .coinbase && summary.bestBid?.price.text == "100.5")
        #expect(summary.bestAsk?.exchange == .coinbase && summary.bestAsk?.price.text == "100.7")
    }
}
