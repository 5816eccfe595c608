import LacriptaCore
import Testing

@Suite("Kraken v2 adapter")
struct KrakenAdapterTests {
    let btc = ExchangeTest.pair("BTC/USD")
    let eth = ExchangeTest.pair("ETH/USD")

    private func number(_ text: String) -> QuoteNumber { ExchangeTest.number(text) }

    @Test("the recorded frames: status, ack, bbo tickers with and without timestamp, heartbeat, pong, refusals, maintenance")
    func recordedSession() throws {
        let expected: [[ExchangeEvent]] = [
            [.ignored],
            [.subscribed(btc)],
            // Trailing zeros stay: 115113.0 is not re-rounded to 115113.
            [
                .quote(
                    ExchangeQuote(
                        exchange: .kraken, pair: btc, bid: number("115112.9"), bidSize: number("0.12760955"), ask: number("115113.0"),
                        askSize: number("7.10992311"), last: number("115113.0")
                        // Kraken sends its 24-hour change, not the open.
                    ).with(
                        day: DayFigures(change: number("-2230.0"), high: number("117354.0"), low: number("114551.1"), volume: number("869.96254971")))
                )
            ],
            [
                .quote(
                    ExchangeQuote(
                        exchange: .kraken, pair: btc, bid: number("58032.9"), bidSize: number("0.5"), ask: number("58033"),
                        askSize: number("1.25"), last: number("58033"), exchangeTime: 1_782_456_082.476797
                    ).with(day: DayFigures(change: number("100"), high: number("58500"), low: number("58033"), volume: number("100"))))
            ],
            [.heartbeat],
            [.heartbeat],
            // The v1 spelling is refused; it is no followed pair's v2 symbol.
            [.notListed(pair: nil, symbol: "XBT/EUR", message: "Currency pair not supported XBT/EUR")],
            [.error(message: "Subscription Not Found")],
            [.reconnect(.maintenance)],
        ]
        try ExchangeTest.expectSession(KrakenAdapter(pairs: [btc, eth]), expected)
    }

    @Test("every recorded frame cut at every byte is malformed, never a crash or a wrong quote")
    func truncation() throws {
        try ExchangeTest.expectTruncationSafety(KrakenAdapter(pairs: [btc, eth]))
    }

    @Test("symbols are v2's: XBT and XDG become BTC and DOGE; subscribe asks for bbo and a snapshot")
    func subscribeAndSymbols() {
        #expect(KrakenAdapter.symbol(for: btc) == "BTC/USD")
        #expect(KrakenAdapter.symbol(for: ExchangeTest.pair("XBT/EUR")) == "BTC/EUR")
        #expect(KrakenAdapter.symbol(for: ExchangeTest.pair("xdg/usd")) == "DOGE/USD")
        #expect(
            KrakenAdapter.subscribeMessages(for: [btc, eth]) == [
                #"{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"],"event_trigger":"bbo","snapshot":true},"req_id":1}"#,
                #"{"method":"subscribe","params":{"channel":"ticker","symbol":["ETH/USD"],"event_trigger":"bbo","snapshot":true},"req_id":2}"#,
            ])
        #expect(KrakenAdapter.keepaliveMessage == #"{"method":"ping"}"#)
    }

    @Test("a pair given as XBT is followed, acknowledged and refused under its v2 symbol")
    func legacySpelling() {
        let xbt = ExchangeTest.pair("XBT/USD")
        var adapter = KrakenAdapter(pairs: [xbt])
        #expect(adapter.receive(#"{"method":"subscribe","result":{"channel":"ticker","symbol":"BTC/USD"},"success":true}"#) == [.subscribed(xbt)])
        #expect(
            adapter.receive(#"{"error":"Currency pair not supported BTC/USD","method":"subscribe","success":false,"symbol":"BTC/USD"}"#) == [
                .notListed(pair: xbt, symbol: "BTC/USD", message: "Currency pair not supported BTC/USD")
            ])
    }

    @Test("data before channel, several tickers in one frame, and symbols not followed")
    func dataOrder() {
        var adapter = KrakenAdapter(pairs: [btc, eth])
        let text =
            #"{"data":[{"symbol":"ETH/USD","bid":1,"ask":2},{"symbol":"SOL/USD","bid":3},{"symbol":"BTC/USD","last":4,"timestamp":"2023-09-25T09:04:31.742648+00:00"}],"type":"snapshot","channel":"ticker"}"#
        #expect(
            adapter.receive(text) == [
                .quote(ExchangeQuote(exchange: .kraken, pair: eth, bid: number("1"), ask: number("2"))),
                .quote(ExchangeQuote(exchange: .kraken, pair: btc, last: number("4"), exchangeTime: 1_695_632_671.742648)),
            ])
        #expect(adapter.receive(#"{"channel":"ticker","type":"update","data":[{"symbol":"SOL/USD","bid":3}]}"#) == [.ignored])
        #expect(adapter.receive(#"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[]}]}"#) == [.ignored])
        #expect(adapter.receive(#"{"channel":"status","type":"update","data":[{"system":"cancel_only"}]}"#) == [.ignored])
    }

    @Test("a ticker entry without a symbol, a bad number or a bad timestamp")
    func malformed() {
        var adapter = KrakenAdapter(pairs: [btc])
        #expect(adapter.receive(#"{"channel":"ticker","data":[{"bid":1}]}"#) == [.malformed])
        #expect(adapter.receive(#"{"channel":"ticker","data":[{"symbol":"BTC/USD","bid":1},{"symbol":"BTC/USD","bid":-}]}"#) == [.malformed])
        #expect(adapter.receive(#"{"channel":"ticker"}"#) == [.malformed])
        #expect(adapter.receive(#"{"success":true}"#) == [.malformed])
        // An impossible date is no time, not a wrong one.
        #expect(
            adapter.receive(#"{"channel":"ticker","data":[{"symbol":"BTC/USD","bid":1,"timestamp":"2026-02-30T00:00:00Z"}]}"#) == [
                .quote(ExchangeQuote(exchange: .kraken, pair: btc, bid: number("1")))
            ])
    }

    @Test("the 24-hour open is the last price less the 24-hour change, worked out only when asked")
    func openFromChange() throws {
        var adapter = KrakenAdapter(pairs: [btc])
        let events = adapter.receive(try ExchangeTest.frames(.kraken)[2])
        guard case .quote(let quote) = events.first else {
            Issue.record("no quote: \(events)")
            return
        }
        #expect(quote.openValue == 117_343)
        #expect(quote.priceUpdate.fields.openDay == 117_343)
    }
}
