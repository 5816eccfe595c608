import LacriptaCore
import Testing

@Suite("Gemini adapter")
struct GeminiAdapterTests {
    let btc = ExchangeTest.pair("BTC/USD")
    let eth = ExchangeTest.pair("ETH/USD")

    private func number(_ text: String) -> QuoteNumber { ExchangeTest.number(text) }

    @Test("the recorded frames: ack, bookTicker with nanoseconds, an empty bid, another symbol, the ping's answer, -1013, -1020")
    func recordedSession() throws {
        let expected: [[ExchangeEvent]] = [
            [.subscribed(btc)],
            // Nanoseconds above 2^53 read as an integer: the microseconds survive.
            [
                .quote(
                    ExchangeQuote(
                        exchange: .gemini, pair: btc, bid: number("77401.500"), bidSize: number("0.01234000"), ask: number("77401.510"),
                        askSize: number("0.50000000"), exchangeTime: Double(1_789_456_747) + Double(150_123_456) / 1_000_000_000))
            ],
            // An empty bid is no bid.
            [
                .quote(
                    ExchangeQuote(
                        exchange: .gemini, pair: btc, ask: number("77401.510"), askSize: number("0.50000000"),
                        exchangeTime: Double(1_789_456_747) + Double(165_004_321) / 1_000_000_000))
            ],
            [.ignored],
            [.heartbeat],
            [.notListed(pair: nil, symbol: "nosuchperp", message: "Invalid stream name: nosuchperp@depth@100ms")],
            [.error(message: "Unsupported operation")],
        ]
        try ExchangeTest.expectSession(GeminiAdapter(pairs: [btc, eth]), expected)
    }

    @Test("every recorded frame cut at every byte is malformed, never a crash or a wrong quote")
    func truncation() throws {
        try ExchangeTest.expectTruncationSafety(GeminiAdapter(pairs: [btc, eth]))
    }

    @Test("one subscribe per pair, lower-case symbols, the pair's number as id; the application ping as keepalive")
    func subscribe() {
        #expect(GeminiAdapter.symbol(for: btc) == "btcusd")
        #expect(
            GeminiAdapter.subscribeMessages(for: [btc, eth]) == [
                #"{"id":"1","method":"subscribe","params":["btcusd@bookTicker"]}"#,
                #"{"id":"2","method":"subscribe","params":["ethusd@bookTicker"]}"#,
            ])
        #expect(GeminiAdapter.keepaliveMessage == #"{"id":0,"method":"ping"}"#)
    }

    @Test("a refused stream names its pair; a time is exact to the microsecond; a frame without a symbol is malformed")
    func refusalsAndTimes() {
        var adapter = GeminiAdapter(pairs: [btc, eth])
        #expect(
            adapter.receive(#"{"id":2,"status":400,"error":{"code":-1013,"msg":"Invalid stream name: ethusd@bookTicker"}}"#) == [
                .notListed(pair: eth, symbol: "ethusd", message: "Invalid stream name: ethusd@bookTicker")
            ])
        #expect(adapter.receive(#"{"id":"2","status":200}"#) == [.subscribed(eth)])
        let events = adapter.receive(#"{"u":1,"E":1789456747999999000,"s":"ethusd","b":"1","B":"1","a":"2","A":"1"}"#)
        guard case .quote(let quote) = events.first else {
            Issue.record("no quote: \(events)")
            return
        }
        #expect(abs((quote.exchangeTime ?? 0) - 1_789_456_747.999999) < 1e-6)
        #expect(adapter.receive(#"{"u":1,"b":"1","a":"2"}"#) == [.malformed])
        #expect(adapter.receive(#"{"id":3}"#) == [.malformed])
    }
}
