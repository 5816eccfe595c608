import LacriptaCore
import Testing

@Suite("OKX v5 adapter")
struct OKXAdapterTests {
    let btc = ExchangeTest.pair("BTC/USDT")
    let eth = ExchangeTest.pair("ETH/USDT")

    private func number(_ text: String) -> QuoteNumber { ExchangeTest.number(text) }

    @Test("the recorded frames: ack, bbo-tbt of another and of a followed instrument, tickers, merge, liveness, pong, 60018 twice, 64008")
    func recordedSession() throws {
        let day = DayFigures(open: number("66000"), high: number("68000"), low: number("65800"), volume: number("1875"))
        let ticker = ExchangeQuote(
            exchange: .okx, pair: btc, bid: number("67500.1"), bidSize: number("0.95"), ask: number("67500.2"), askSize: number("1.20"),
            last: number("67500.1"), lastSize: number("0.01"), exchangeTime: Double(1_785_096_000) + 0.123
        ).with(day: day)
        let expected: [[ExchangeEvent]] = [
            [.subscribed(btc)],
            // A swap is no followed pair.
            [.ignored],
            [
                .quote(
                    ExchangeQuote(
                        exchange: .okx, pair: btc, bid: number("111.05"), bidSize: number("57745"), ask: number("111.06"), askSize: number("55154"),
                        exchangeTime: Double(1_670_324_386) + 0.802))
            ],
            [.quote(ticker)],
            // The book half keeps the ticker's last trade and 24-hour figures.
            [
                .quote(
                    ExchangeQuote(
                        exchange: .okx, pair: btc, bid: number("67500.2"), bidSize: number("0.7"), ask: number("67500.3"), askSize: number("0.5"),
                        last: number("67500.1"), lastSize: number("0.01"), exchangeTime: Double(1_785_096_000) + 0.2
                    ).with(day: day))
            ],
            [.heartbeat],
            [.heartbeat],
            [
                .notListed(
                    pair: nil, symbol: "trades.BTC-USDT-SWAP",
                    message:
                        "Subscribe failed, wrong URL or channel:trades,instId:trades.BTC-USDT-SWAP doesn't exist. Please use the correct URL, channel and parameters referring to API document."
                )
            ],
            [.notListed(pair: nil, symbol: "ETH-XYZ", message: "Wrong URL or channel:tickers,instId:ETH-XYZ doesn't exist")],
            [.reconnect(.maintenance)],
        ]
        try ExchangeTest.expectSession(OKXAdapter(pairs: [btc, eth]), expected)
    }

    @Test("every recorded frame cut at every byte is malformed, never a crash or a wrong quote")
    func truncation() throws {
        try ExchangeTest.expectTruncationSafety(OKXAdapter(pairs: [btc, eth]))
    }

    @Test("one subscribe per pair for bbo-tbt and tickers, with the pair's number as id; the keepalive is the bare text ping")
    func subscribe() {
        #expect(OKXAdapter.symbol(for: btc) == "BTC-USDT")
        #expect(
            OKXAdapter.subscribeMessages(for: [btc, eth]) == [
                #"{"id":"1","op":"subscribe","args":[{"channel":"bbo-tbt","instId":"BTC-USDT"},{"channel":"tickers","instId":"BTC-USDT"}]}"#,
                #"{"id":"2","op":"subscribe","args":[{"channel":"bbo-tbt","instId":"ETH-USDT"},{"channel":"tickers","instId":"ETH-USDT"}]}"#,
            ])
        #expect(OKXAdapter.keepaliveMessage == "ping")
    }

    @Test("a refusal names its pair by instrument, or by the request id it echoes; data before arg is read")
    func refusalsAndOrder() {
        var adapter = OKXAdapter(pairs: [btc, eth])
        #expect(
            adapter.receive(#"{"event":"error","code":"60018","msg":"Wrong URL or channel:tickers,instId:ETH-USDT doesn't exist","connId":"a"}"#)
                == [.notListed(pair: eth, symbol: "ETH-USDT", message: "Wrong URL or channel:tickers,instId:ETH-USDT doesn't exist")])
        #expect(
            adapter.receive(#"{"id":"2","event":"error","code":"60018","msg":"doesn't exist","connId":"a"}"#) == [
                .notListed(pair: eth, symbol: "", message: "doesn't exist")
            ])
        #expect(adapter.receive(#"{"event":"error","code":"60012","msg":"Illegal request","connId":"a"}"#) == [.error(message: "Illegal request")])
        #expect(
            adapter.receive(#"{"data":[{"asks":[["2","1","0","1"]],"bids":[],"ts":"1000"}],"arg":{"channel":"bbo-tbt","instId":"ETH-USDT"}}"#) == [
                .quote(ExchangeQuote(exchange: .okx, pair: eth, ask: number("2"), askSize: number("1"), exchangeTime: 1))
            ])
        #expect(adapter.receive(#"{"arg":{"channel":"bbo-tbt","instId":"ETH-USDT"},"data":[{"asks":[["-2","1","0","1"]]}]}"#) == [.malformed])
        #expect(adapter.receive(#"{"arg":{"channel":"bbo-tbt"},"data":[]}"#) == [.malformed])
        #expect(adapter.receive("ping") == [.malformed])
    }
}
