import LacriptaCore
import Testing

@Suite("Binance and Binance.US adapters")
struct BinanceAdapterTests {
    let bnb = ExchangeTest.pair("BNB/USDT")
    let bnbBTC = ExchangeTest.pair("BNB/BTC")

    private func number(_ text: String) -> QuoteNumber { ExchangeTest.number(text) }

    /// The events of `binance.jsonl`, for an adapter of `exchange` following BNB/USDT and BNB/BTC.
    private func expected(_ exchange: Exchange) -> [[ExchangeEvent]] {
        let book = ExchangeQuote(
            exchange: exchange, pair: bnb, bid: number("25.35190000"), bidSize: number("31.21000000"), ask: number("25.36520000"),
            askSize: number("40.66000000"))
        let ticker = ExchangeQuote(
            exchange: exchange, pair: bnbBTC, bid: number("0.0024"), bidSize: number("10"), ask: number("0.0026"), askSize: number("100"),
            last: number("0.0025"), lastSize: number("10"), exchangeTime: Double(1_672_515_782) + 0.136
        ).with(day: DayFigures(open: number("0.0010"), high: number("0.0025"), low: number("0.0010"), volume: number("10000")))
        return [
            [.subscribed(bnb)],
            // The docs' padding stays: 25.35190000 is not shortened.
            [.quote(book)], [.quote(book)],
            [.quote(ticker)],
            [.ignored],
            [.error(message: "Unknown property")],
            [.error(message: "Invalid request: request ID must be an unsigned integer")],
            [.error(message: "Invalid JSON: expected value at line 1 column 1")],
            [.reconnect(.requested)],
        ]
    }

    @Test("the recorded frames: ack, bookTicker bare and wrapped, 24hrTicker, another symbol, the error table, serverShutdown")
    func recordedSession() throws {
        try ExchangeTest.expectSession(BinanceAdapter(pairs: [bnb, bnbBTC]), expected(.binance))
    }

    @Test("Binance.US reads the same frames as its own")
    func binanceUS() throws {
        var adapter = BinanceUSAdapter(pairs: [bnb, bnbBTC])
        for (frame, events) in zip(try ExchangeTest.frames(.binance), expected(.binanceus)) {
            #expect(adapter.receive(frame) == events, "\(frame)")
        }
        #expect(BinanceUSAdapter.subscribeMessages(for: [bnb]) == BinanceAdapter.subscribeMessages(for: [bnb]))
    }

    @Test("every recorded frame cut at every byte is malformed, never a crash or a wrong quote")
    func truncation() throws {
        try ExchangeTest.expectTruncationSafety(BinanceAdapter(pairs: [bnb, bnbBTC]))
    }

    @Test("one SUBSCRIBE per pair for both streams, lower-case symbols, the pair's index + 1 as id; no application ping")
    func subscribe() {
        let btc = ExchangeTest.pair("BTC/USDT")
        #expect(BinanceAdapter.symbol(for: btc) == "btcusdt")
        #expect(
            BinanceAdapter.subscribeMessages(for: [btc, bnb]) == [
                #"{"method":"SUBSCRIBE","params":["btcusdt@bookTicker","btcusdt@ticker"],"id":1}"#,
                #"{"method":"SUBSCRIBE","params":["bnbusdt@bookTicker","bnbusdt@ticker"],"id":2}"#,
            ])
        #expect(BinanceAdapter.keepaliveMessage == nil)
        #expect(BinanceAdapter.sessionLifetime.map { $0 < .seconds(24 * 3600) } == true, "renewed before the 24-hour cut")
        #expect(Exchange.binance.regionalAlternative == .binanceus)
    }

    @Test("a book frame keeps the ticker's last price and has no time; a ticker replaces the quote")
    func merge() {
        var adapter = BinanceAdapter(pairs: [bnb])
        _ = adapter.receive(#"{"stream":"bnbusdt@ticker","data":{"e":"24hrTicker","E":1000,"s":"BNBUSDT","c":"25.1","Q":"2","b":"25.0","a":"25.2"}}"#)
        #expect(
            adapter.receive(#"{"stream":"bnbusdt@bookTicker","data":{"u":1,"s":"BNBUSDT","b":"25.05","B":"1","a":"25.15","A":"3"}}"#) == [
                .quote(
                    ExchangeQuote(
                        exchange: .binance, pair: bnb, bid: number("25.05"), bidSize: number("1"), ask: number("25.15"), askSize: number("3"),
                        last: number("25.1"), lastSize: number("2")))
            ])
        #expect(adapter.receive(#"{"u":2,"b":"1","a":"2"}"#) == [.malformed], "a book frame without a symbol")
        #expect(adapter.receive(#"{"u":2,"s":"BNBUSDT","b":"0","a":"2"}"#) == [.malformed], "a zero price")
        #expect(adapter.receive(#"{"result":null,"id":7}"#) == [.ignored], "an answer to no subscribe of ours")
        #expect(adapter.receive(#"{}"#) == [.malformed])
    }
}
