import Foundation
import LacriptaCore
import Testing

@Suite("Coinbase Exchange adapter")
struct CoinbaseAdapterTests {
    let btc = ExchangeTest.pair("BTC/USD")
    let eth = ExchangeTest.pair("ETH/USD")
    let ltc = ExchangeTest.pair("LTC/BTC")

    private func number(_ text: String) -> QuoteNumber { ExchangeTest.number(text) }

    @Test("the recorded frames: ack by product, tickers with and without sizes, heartbeat, errors")
    func recordedSession() throws {
        let expected: [[ExchangeEvent]] = [
            // The ack names level2_50 for level2_batch; products count, channel names do not.
            [.subscribed(btc), .subscribed(eth)],
            // 2017: no sizes, no trade fields, no time.
            [
                .quote(
                    ExchangeQuote(exchange: .coinbase, pair: ltc, bid: number("0.00915"), ask: number("0.00916"), last: number("0.00915000"))
                        .with(day: DayFigures(open: number("0.00913000"))))
            ],
            [
                .quote(
                    ExchangeQuote(
                        exchange: .coinbase, pair: btc, bid: number("17165.15"), bidSize: number("0.61540890"), ask: number("17167.76"),
                        askSize: number("0.18528568"), last: number("17165.16"), lastSize: number("0.05"), exchangeTime: 1_669_852_800.122581
                    ).with(
                        day: DayFigures(open: number("16437.94"), high: number("17259.37"), low: number("16423.37"), volume: number("42492.05081975"))
                    ))
            ],
            [.heartbeat],
            [.notListed(pair: nil, symbol: "", message: "Failed to subscribe: is not a valid product")],
            [.error(message: "Failed to subscribe: No channels provided")],
            [.notListed(pair: nil, symbol: "BTC-USDX", message: "Failed to subscribe: BTC-USDX is not a valid product")],
        ]
        try ExchangeTest.expectSession(CoinbaseAdapter(pairs: [btc, eth, ltc]), expected)
    }

    @Test("every recorded frame cut at every byte is malformed, never a crash or a wrong quote")
    func truncation() throws {
        try ExchangeTest.expectTruncationSafety(CoinbaseAdapter(pairs: [btc, eth, ltc]))
    }

    @Test("one subscribe per product, exactly as the feed documents it; symbols are BASE-QUOTE")
    func subscribeAndSymbols() {
        #expect(CoinbaseAdapter.symbol(for: btc) == "BTC-USD")
        #expect(
            CoinbaseAdapter.subscribeMessages(for: [btc, eth]) == [
                #"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}"#,
                #"{"type":"subscribe","product_ids":["ETH-USD"],"channels":["ticker","heartbeat"]}"#,
            ])
        #expect(CoinbaseAdapter.keepaliveMessage == nil)
        #expect(Exchange.coinbase.adapter(for: [btc]).subscribeMessages == CoinbaseAdapter.subscribeMessages(for: [btc]))
    }

    @Test("a refusal naming a followed product maps to its pair; the 2017 refusal names none")
    func refusals() {
        var adapter = CoinbaseAdapter(pairs: [btc])
        #expect(
            adapter.receive(#"{"type":"error","message":"Failed to subscribe","reason":"BTC-USD is not a valid product"}"#) == [
                .notListed(pair: btc, symbol: "BTC-USD", message: "Failed to subscribe: BTC-USD is not a valid product")
            ])
        #expect(
            adapter.receive(#"{"type":"error","message":"Failed to subscribe","reason":"Invalid product ID provided"}"#) == [
                .notListed(pair: nil, symbol: "", message: "Failed to subscribe: Invalid product ID provided")
            ])
        #expect(adapter.receive(#"{"type":"error","message":"ErrSlowConsume"}"#) == [.error(message: "ErrSlowConsume")])
    }

    @Test("keys in any order, whitespace anywhere; other products and types are ignored")
    func orderAndOthers() {
        var adapter = CoinbaseAdapter(pairs: [btc])
        let reordered = " {\"best_ask\" : \"2\", \"product_id\":\"BTC-USD\",\n\"best_bid\":\"1\",\"type\":\"ticker\"} \n"
        #expect(adapter.receive(reordered) == [.quote(ExchangeQuote(exchange: .coinbase, pair: btc, bid: number("1"), ask: number("2")))])
        #expect(adapter.receive(#"{"type":"ticker","product_id":"ETH-USD","price":"1"}"#) == [.ignored])
        #expect(adapter.receive(#"{"type":"match","product_id":"BTC-USD"}"#) == [.ignored])
        #expect(adapter.receive(#"{"type":"subscriptions","channels":[{"name":"ticker","product_ids":["ETH-USD"]}]}"#) == [.ignored])
    }

    @Test("a figure that is not a number is absent; broken JSON and protocol violations are malformed")
    func malformed() {
        var adapter = CoinbaseAdapter(pairs: [btc])
        #expect(
            adapter.receive(#"{"type":"ticker","product_id":"BTC-USD","price":"n/a","best_bid":null,"best_ask":"3"}"#) == [
                .quote(ExchangeQuote(exchange: .coinbase, pair: btc, ask: number("3")))
            ])
        for text in [
            "", "pong", "[]", "{}", #"{"type":"ticker"}"#, #"{"type":"ticker","product_id":"BTC-USD","price":1.2.3}"#, #"{"type":"heartbeat"} x"#,
        ] {
            #expect(adapter.receive(text) == [.malformed], "\(text)")
        }
    }
}
