import LacriptaCore
import Testing

@Suite("Bitfinex v2 adapter")
struct BitfinexAdapterTests {
    let btc = ExchangeTest.pair("BTC/USD")
    let perp = ExchangeTest.pair("BTCF0/USTF0")

    private func number(_ text: String) -> QuoteNumber { ExchangeTest.number(text) }

    @Test("the recorded frames: info, acks mapping channel ids, tickers, heartbeats, errors, maintenance, reconnect")
    func recordedSession() throws {
        let expected: [[ExchangeEvent]] = [
            [.ignored],
            [.subscribed(btc)],
            [.subscribed(perp)],
            [
                .quote(
                    ExchangeQuote(
                        exchange: .bitfinex, pair: perp, bid: number("86697"), bidSize: number("14.34954787"), ask: number("86723"),
                        askSize: number("14.75896594"), last: number("86717")))
            ],
            [.subscribed(btc)],
            // The flag fields after the ticker are left alone.
            [
                .quote(
                    ExchangeQuote(
                        exchange: .bitfinex, pair: btc, bid: number("71741"), bidSize: number("0.26742262"), ask: number("71760"),
                        askSize: number("1.22665447"), last: number("71754")))
            ],
            [.heartbeat],
            [.heartbeat],
            [.heartbeat],
            [.notListed(pair: nil, symbol: "tNOPEF0:USTF0", message: "symbol: invalid")],
            [.error(message: "subscribe: limit")],
            [.ignored],
            [.maintenance(.started)],
            [
                .maintenance(.ended),
                .send(#"{"event":"unsubscribe","chanId":103542}"#),
                .send(#"{"event":"unsubscribe","chanId":761045}"#),
                .send(#"{"event":"unsubscribe","chanId":147794}"#),
                .send(#"{"event":"subscribe","channel":"ticker","symbol":"tBTCUSD"}"#),
                .send(#"{"event":"subscribe","channel":"ticker","symbol":"tBTCF0:USTF0"}"#),
            ],
            [.ignored],
            [.reconnect(.requested)],
            [.maintenance(.started)],
        ]
        try ExchangeTest.expectSession(BitfinexAdapter(pairs: [btc, perp]), expected)
    }

    @Test("every recorded frame cut at every byte is malformed and maps no channel")
    func truncation() throws {
        try ExchangeTest.expectTruncationSafety(BitfinexAdapter(pairs: [btc, perp]))
    }

    @Test("symbols: t plus the codes, a colon for codes not three long, UST for Tether")
    func subscribeAndSymbols() {
        #expect(BitfinexAdapter.symbol(for: btc) == "tBTCUSD")
        #expect(BitfinexAdapter.symbol(for: ExchangeTest.pair("DOGE/USD")) == "tDOGE:USD")
        #expect(BitfinexAdapter.symbol(for: ExchangeTest.pair("BTC/USDT")) == "tBTCUST")
        #expect(BitfinexAdapter.symbol(for: ExchangeTest.pair("TESTBTC/TESTUSD")) == "tTESTBTC:TESTUSD")
        #expect(BitfinexAdapter.subscribeMessages(for: [btc]) == [#"{"event":"subscribe","channel":"ticker","symbol":"tBTCUSD"}"#])
        #expect(BitfinexAdapter.keepaliveMessage == #"{"event":"ping"}"#)
    }

    @Test("data on a channel not acknowledged, or no longer, is ignored; the refusal of a followed pair names it")
    func channelMap() {
        var adapter = BitfinexAdapter(pairs: [btc])
        let ticker = "[5,[1,2,3,4,5,6,7,8,9,10]]"
        #expect(adapter.receive(ticker) == [.ignored])
        #expect(adapter.receive(#"{"event":"subscribed","channel":"ticker","chanId":5,"symbol":"tBTCUSD","pair":"BTCUSD"}"#) == [.subscribed(btc)])
        #expect(
            adapter.receive(ticker) == [
                .quote(
                    ExchangeQuote(
                        exchange: .bitfinex, pair: btc, bid: number("1"), bidSize: number("2"), ask: number("3"), askSize: number("4"),
                        last: number("7")))
            ])
        #expect(adapter.receive(#"{"event":"unsubscribed","status":"OK","chanId":5}"#) == [.ignored])
        #expect(adapter.receive(ticker) == [.ignored])
        #expect(
            adapter.receive(#"{"event":"error","msg":"symbol: invalid","code":10300,"channel":"ticker","symbol":"tBTCUSD"}"#) == [
                .notListed(pair: btc, symbol: "tBTCUSD", message: "symbol: invalid")
            ])
        // Another channel's acks map nothing.
        #expect(adapter.receive(#"{"event":"subscribed","channel":"book","chanId":6,"symbol":"tBTCUSD"}"#) == [.ignored])
    }

    @Test("book snapshots, short arrays and trade updates are not tickers; broken arrays are malformed")
    func arrays() {
        var adapter = BitfinexAdapter(pairs: [btc])
        _ = adapter.receive(#"{"event":"subscribed","channel":"ticker","chanId":5,"symbol":"tBTCUSD"}"#)
        #expect(adapter.receive("[5,[[1,2,3],[4,5,6]]]") == [.ignored])
        #expect(adapter.receive("[5,[1,2,3]]") == [.ignored])
        #expect(adapter.receive(#"[5,"te",[1,2,3,4]]"#) == [.ignored])
        #expect(
            adapter.receive("[5,[null,null,3,4,5,6,null,8,9,10,null]]") == [
                .quote(ExchangeQuote(exchange: .bitfinex, pair: btc, ask: number("3"), askSize: number("4")))
            ])
        for text in ["[]", #"["hb"]"#, "[5,[1,2,3,4,5,6,7,8,9,x]]", "[5,[1,2,3,4,5,6,7,8,9,10]", #"{"chanId":5}"#] {
            #expect(adapter.receive(text) == [.malformed], "\(text)")
        }
    }
}
