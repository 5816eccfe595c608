import LacriptaCore
import Testing

@Suite("CEX.IO adapter")
struct CEXAdapterTests {
    let btc = ExchangeTest.pair("BTC/USD")
    let cow = ExchangeTest.pair("COW/USD")

    private func number(_ text: String) -> QuoteNumber { ExchangeTest.number(text) }

    /// The resubscription of COW/USD (the second pair) after a gap, the adapter's first.
    private var cowResubscription: [ExchangeEvent] {
        [
            .send(#"{"e":"order_book_unsubscribe","oid":"2_1_order_book_unsubscribe","data":{"pair":"COW-USD"}}"#),
            .send(#"{"e":"order_book_subscribe","oid":"2_1_order_book_subscribe","data":{"pair":"COW-USD"}}"#),
        ]
    }

    @Test("the recorded frames: greeting, snapshots as acks, an unsorted increment with a deletion, a gap, the ticker, errors, disconnected")
    func recordedSession() throws {
        let btcBook = ExchangeQuote(
            exchange: .cex, pair: btc, bid: number("86875"), bidSize: number("0.04301025"), ask: number("86875.1"), askSize: number("3.40529629"))
        var btcWithLast = btcBook
        btcWithLast.last = number("86875.1")
        let expected: [[ExchangeEvent]] = [
            [.ignored],
            [.subscribed(btc), .quote(btcBook)],
            // No bids at all: an empty side is no bid.
            [.subscribed(cow), .quote(ExchangeQuote(exchange: .cex, pair: cow, ask: number("0.15528"), askSize: number("120.000000")))],
            // 0.15528 deleted, 0.15517 and 0.15522 added out of order: the best ask is the lowest.
            [.quote(ExchangeQuote(exchange: .cex, pair: cow, ask: number("0.15517"), askSize: number("905.000000")))],
            // 4435741 never came: the pair is resubscribed, and nothing is quoted from the gap.
            cowResubscription,
            [.quote(btcWithLast)],
            [.heartbeat],
            [.notListed(pair: nil, symbol: "NOPE-USD", message: "Currency pair NOPE-USD is not supported")],
            [.error(message: "Unsupported message type nope_method")],
            [.ignored],
            [.reconnect(.requested)],
            [.reconnect(.maintenance)],
        ]
        try ExchangeTest.expectSession(CEXAdapter(pairs: [btc, cow]), expected)
    }

    @Test("every recorded frame cut at every byte is malformed, never a crash, a wrong quote or a change to the book")
    func truncation() throws {
        try ExchangeTest.expectTruncationSafety(CEXAdapter(pairs: [btc, cow]))
    }

    @Test("one subscribe per pair with an oid naming it, then get_ticker; pings every 5 s, get_ticker every 30 s")
    func requests() {
        #expect(CEXAdapter.symbol(for: btc) == "BTC-USD")
        #expect(
            CEXAdapter.subscribeMessages(for: [btc, cow]) == [
                #"{"e":"order_book_subscribe","oid":"1_0_order_book_subscribe","data":{"pair":"BTC-USD"}}"#,
                #"{"e":"order_book_subscribe","oid":"2_0_order_book_subscribe","data":{"pair":"COW-USD"}}"#,
                #"{"e":"get_ticker","oid":"0_0_get_ticker","data":{"pairs":["BTC-USD","COW-USD"]}}"#,
            ])
        #expect(CEXAdapter.timerPeriod == .seconds(5))
        #expect(CEXAdapter.timedMessages(tick: 1, pairs: [btc]) == [#"{"e":"ping"}"#])
        #expect(CEXAdapter.timedMessages(tick: 5, pairs: [btc]) == [#"{"e":"ping"}"#])
        #expect(
            CEXAdapter.timedMessages(tick: 6, pairs: [btc]) == [
                #"{"e":"ping"}"#, #"{"e":"get_ticker","oid":"0_6_get_ticker","data":{"pairs":["BTC-USD"]}}"#,
            ])
    }

    @Test("a lower seqId (the server restarted) resubscribes too; increments wait for the new snapshot, which starts afresh")
    func lowerSequence() {
        var adapter = CEXAdapter(pairs: [btc, cow])
        let snapshot =
            #"{"e":"order_book_subscribe","oid":"2_0_order_book_subscribe","data":{"seqId":10,"pair":"COW-USD","bids":[["0.1","5"]],"asks":[["0.2","5"]]},"ok":"ok"}"#
        _ = adapter.receive(snapshot)
        #expect(
            adapter.receive(#"{"e":"order_book_increment","data":{"seqId":5,"pair":"COW-USD","bids":[],"asks":[["0.3","1"]]},"ok":"ok"}"#)
                == cowResubscription)
        #expect(
            adapter.receive(#"{"e":"order_book_increment","data":{"seqId":11,"pair":"COW-USD","bids":[],"asks":[["0.3","1"]]},"ok":"ok"}"#) == [
                .ignored
            ])
        #expect(
            adapter.receive(
                #"{"e":"order_book_subscribe","oid":"2_1_order_book_subscribe","data":{"seqId":3,"pair":"COW-USD","bids":[["0.11","2"],["0.12","1"]],"asks":[]},"ok":"ok"}"#
            ) == [.subscribed(cow), .quote(ExchangeQuote(exchange: .cex, pair: cow, bid: number("0.12"), bidSize: number("1")))])
        #expect(
            adapter.receive(#"{"e":"order_book_increment","data":{"seqId":4,"pair":"COW-USD","bids":[["0.12","0.000"]],"asks":[]},"ok":"ok"}"#) == [
                .quote(ExchangeQuote(exchange: .cex, pair: cow, bid: number("0.11"), bidSize: number("2")))
            ])
        #expect(adapter.receive(#"{"e":"order_book_increment","data":{"seqId":5,"pair":"COW-USD"},"ok":"ok"}"#) == [.malformed])
        #expect(adapter.receive(#"{"e":"order_book_increment","data":{"seqId":5,"pair":"COW-USD","bids":[["0.12"]]},"ok":"ok"}"#) == [.malformed])
        #expect(adapter.receive(#"{"oid":"x"}"#) == [.malformed])
    }

    @Test("a refusal names its pair from the message, or from the oid's number")
    func refusals() {
        var adapter = CEXAdapter(pairs: [btc, cow])
        #expect(
            adapter.receive(
                #"{"e":"order_book_subscribe","oid":"2_0_order_book_subscribe","data":{"error":"Currency pair COW-USD is not supported"}}"#)
                == [.notListed(pair: cow, symbol: "COW-USD", message: "Currency pair COW-USD is not supported")])
        #expect(
            adapter.receive(
                #"{"e":"order_book_subscribe","oid":"1_0_order_book_subscribe","data":{"error":"Currency pair btc-usd is not supported"}}"#)
                == [.notListed(pair: btc, symbol: "btc-usd", message: "Currency pair btc-usd is not supported")])
        #expect(
            adapter.receive(#"{"e":"get_ticker","oid":"0_0_get_ticker","data":{"error":"API rate limit reached"}}"#) == [
                .error(message: "API rate limit reached")
            ])
    }
}
