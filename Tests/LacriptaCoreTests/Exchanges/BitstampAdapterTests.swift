import LacriptaCore
import Testing

@Suite("Bitstamp v2 adapter")
struct BitstampAdapterTests {
    let btc = ExchangeTest.pair("BTC/USD")
    let eth = ExchangeTest.pair("ETH/USD")

    private func number(_ text: String) -> QuoteNumber { ExchangeTest.number(text) }

    /// The quote after the recorded book: its best levels and microsecond time.
    private var bookQuote: ExchangeQuote {
        ExchangeQuote(
            exchange: .bitstamp, pair: btc, bid: number("19133.97"), bidSize: number("0.01000000"), ask: number("19141.75"),
            askSize: number("0.39300000"), exchangeTime: 1_606_965_727.403931)
    }

    @Test("the recorded frames: ack, book and trade merged into one quote, heartbeat, errors, reconnect requests")
    func recordedSession() throws {
        var merged = bookQuote
        merged.last = number("8304.47")
        merged.lastSize = number("0.02834000")
        merged.exchangeTime = 1_569_888_000.557673
        let expected: [[ExchangeEvent]] = [
            [.subscribed(btc)],
            [.quote(bookQuote)],
            // The trade keeps the book's half and prefers the _str digits over the float.
            [.quote(merged)],
            [.heartbeat],
            [.error(message: "Incorrect JSON format.")],
            [.error(message: "Bad subscription string.")],
            [.error(message: "Invalid channel provided.")],
            [.reconnect(.requested)],
            [.reconnect(.requested)],
            // Acknowledged although no such pair exists; it is not ours either way.
            [.ignored],
        ]
        try ExchangeTest.expectSession(BitstampAdapter(pairs: [btc]), expected)
    }

    @Test("every recorded frame cut at every byte is malformed and leaves the merged quote alone")
    func truncation() throws {
        try ExchangeTest.expectTruncationSafety(BitstampAdapter(pairs: [btc]))
    }

    @Test("symbols are lower case; one subscribe per channel, book then trades")
    func subscribeAndSymbols() {
        #expect(BitstampAdapter.symbol(for: btc) == "btcusd")
        #expect(
            BitstampAdapter.subscribeMessages(for: [btc, eth]) == [
                #"{"event":"bts:subscribe","data":{"channel":"order_book_btcusd"}}"#,
                #"{"event":"bts:subscribe","data":{"channel":"live_trades_btcusd"}}"#,
                #"{"event":"bts:subscribe","data":{"channel":"order_book_ethusd"}}"#,
                #"{"event":"bts:subscribe","data":{"channel":"live_trades_ethusd"}}"#,
            ])
        #expect(BitstampAdapter.subscribeMessages(for: [btc, eth]).allSatisfy { $0.utf8.count < 512 })
        #expect(BitstampAdapter.keepaliveMessage == #"{"event":"bts:heartbeat"}"#)
    }

    @Test("a trade first, then a book: the quote fills in half by half, per pair")
    func mergeOrder() {
        var adapter = BitstampAdapter(pairs: [btc, eth])
        let trade = #"{"event":"trade","channel":"live_trades_ethusd","data":{"price":2667.41,"amount":1.5,"timestamp":"1789456400586"}}"#
        let tradeQuote = ExchangeQuote(
            exchange: .bitstamp, pair: eth, last: number("2667.41"), lastSize: number("1.5"), exchangeTime: 1_789_456_400.586)
        // Without `_str` the number's own text is kept; a millisecond `timestamp` reads as such.
        #expect(adapter.receive(trade) == [.quote(tradeQuote)])
        let book = #"{"event":"data","channel":"order_book_ethusd","data":{"timestamp":"1789456401","bids":[],"asks":[["2667.5","3"]]}}"#
        var bookQuote = tradeQuote
        bookQuote.ask = number("2667.5")
        bookQuote.askSize = number("3")
        bookQuote.exchangeTime = 1_789_456_401
        #expect(adapter.receive(book) == [.quote(bookQuote)])
        // The other pair's quote is untouched.
        #expect(
            adapter.receive(#"{"event":"trade","channel":"live_trades_btcusd","data":{"price_str":"1"}}"#) == [
                .quote(ExchangeQuote(exchange: .bitstamp, pair: btc, last: number("1")))
            ])
    }

    @Test("frames on the wrong channel, other events and a trade without a price")
    func others() {
        var adapter = BitstampAdapter(pairs: [btc])
        #expect(adapter.receive(#"{"event":"data","channel":"live_trades_btcusd","data":{"bids":[["1","1"]]}}"#) == [.ignored])
        #expect(adapter.receive(#"{"event":"data","channel":"order_book_ethusd","data":{"bids":[["1","1"]]}}"#) == [.ignored])
        #expect(adapter.receive(#"{"event":"bts:unsubscription_succeeded","channel":"order_book_btcusd","data":{}}"#) == [.ignored])
        #expect(adapter.receive(#"{"event":"trade","channel":"live_trades_btcusd","data":{"amount_str":"1"}}"#) == [.malformed])
        #expect(adapter.receive(#"{"channel":"order_book_btcusd","data":{}}"#) == [.malformed])
    }
}
