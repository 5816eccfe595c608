import Foundation
import LacriptaCore
import LacriptaSimulator
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// What a fake exchange says in each situation the feed tests script, in the exchange's own
/// recorded shapes (`Resources/recorded/exchanges/`, `../shared/reference/exchange-feeds.md`).
struct ExchangeScript: Sendable, CustomTestStringConvertible {
    let exchange: Exchange
    /// The path of the feed's URL.
    let path: String
    /// The acknowledgement of BTC/USD.
    let ack: String
    /// A quote for BTC/USD, and its bid as sent.
    let quote: String
    let bid: String
    /// The exchange's heartbeat; nil when its only one is the WebSocket ping (Binance), which
    /// the client answers by itself.
    let heartbeat: String?
    /// Its refusal of NOPE/USD, if it refuses unknown pairs (Bitstamp acks them and stays silent).
    let refusal: String?

    var testDescription: String { exchange.name }

    static let all: [ExchangeScript] =
        [
            ExchangeScript(
                exchange: .coinbase, path: "/",
                ack:
                    #"{"type":"subscriptions","channels":[{"name":"ticker","product_ids":["BTC-USD"]},{"name":"heartbeat","product_ids":["BTC-USD"]}]}"#,
                quote:
                    #"{"type":"ticker","sequence":50978628538,"product_id":"BTC-USD","price":"17165.16","open_24h":"16437.94","best_bid":"17165.15","best_bid_size":"0.61540890","best_ask":"17167.76","best_ask_size":"0.18528568","time":"2022-12-01T00:00:00.122581Z","last_size":"0.05"}"#,
                bid: "17165.15",
                heartbeat:
                    #"{"type":"heartbeat","last_trade_id":319738525,"product_id":"BTC-USD","sequence":32589047800,"time":"2022-07-19T12:09:26.296459Z"}"#,
                refusal: #"{"type":"error","message":"Failed to subscribe","reason":"NOPE-USD is not a valid product"}"#),
            ExchangeScript(
                exchange: .kraken, path: "/v2",
                ack:
                    #"{"method": "subscribe", "req_id": 1, "result": {"channel": "ticker", "event_trigger": "bbo", "snapshot": true, "symbol": "BTC/USD"}, "success": true}"#,
                quote:
                    #"{"channel":"ticker","type":"snapshot","data":[{"symbol":"BTC/USD","bid":115112.9,"bid_qty":0.12760955,"ask":115113.0,"ask_qty":7.10992311,"last":115113.0,"volume":869.96254971,"vwap":115905.6,"low":114551.1,"high":117354.0,"change":-2230.0,"change_pct":-1.90}]}"#,
                bid: "115112.9",
                heartbeat: #"{"channel":"heartbeat"}"#,
                refusal: #"{"error": "Currency pair not supported NOPE/USD", "method": "subscribe", "success": false, "symbol": "NOPE/USD"}"#),
            ExchangeScript(
                exchange: .bitstamp, path: "/",
                ack: #"{"event":"bts:subscription_succeeded","channel":"order_book_btcusd","data":{}}"#,
                quote:
                    #"{"data":{"timestamp":"1606965727","microtimestamp":"1606965727403931","bids":[["19133.97","0.01000000"]],"asks":[["19141.75","0.39300000"]]},"channel":"order_book_btcusd","event":"data"}"#,
                bid: "19133.97",
                heartbeat: #"{"event":"bts:heartbeat","channel":"","data":{"status":"success"}}"#,
                refusal: nil),
            ExchangeScript(
                exchange: .bitfinex, path: "/ws/2",
                ack: #"{"event":"subscribed","channel":"ticker","chanId":103542,"symbol":"tBTCUSD","pair":"BTCUSD"}"#,
                quote: #"[103542,[86697,14.34954787,86723,14.75896594,1060,0.01237494,86717,544.3267938,86898,85156,null]]"#,
                bid: "86697",
                heartbeat: #"[103542,"hb"]"#,
                refusal: #"{"channel":"ticker","symbol":"tNOPE:USD","event":"error","msg":"symbol: invalid","code":10300,"pair":"NOPE:USD"}"#),
            ExchangeScript(
                exchange: .okx, path: "/ws/v5/public",
                ack: #"{"id":"1","event":"subscribe","arg":{"channel":"bbo-tbt","instId":"BTC-USD"},"connId":"a4d3ae55"}"#,
                quote:
                    #"{"arg":{"channel":"bbo-tbt","instId":"BTC-USD"},"data":[{"asks":[["86875.2","0.5","0","2"]],"bids":[["86875.1","0.7","0","3"]],"ts":"1670324386802","seqId":363996337}]}"#,
                bid: "86875.1", heartbeat: "pong",
                refusal: #"{"id":"2","event":"error","code":"60018","msg":"Wrong URL or channel:bbo-tbt,instId:NOPE-USD doesn't exist","connId":"a"}"#
            ),
            ExchangeScript(
                exchange: .gemini, path: "/", ack: #"{"id":1,"status":200}"#,
                quote: #"{"u":24813069874,"E":1789456747150123456,"s":"btcusd","b":"77401.500","B":"0.01234000","a":"77401.510","A":"0.50000000"}"#,
                bid: "77401.500", heartbeat: #"{"id":0,"status":200}"#,
                refusal: #"{"id":2,"status":400,"error":{"code":-1013,"msg":"Invalid stream name: nopeusd@bookTicker"}}"#),
            ExchangeScript(
                exchange: .cex, path: "/api/spot/ws-public", ack: cexSnapshot(sequence: 1),
                // The snapshot quotes too (bid 86875); the increment leaves the bid where it is.
                quote: #"{"e":"order_book_increment","data":{"seqId":2,"pair":"BTC-USD","bids":[],"asks":[["86875.2","0.5"]]},"ok":"ok"}"#,
                bid: "86875", heartbeat: #"{"e":"pong"}"#,
                refusal: #"{"e":"order_book_subscribe","oid":"2_0_order_book_subscribe","data":{"error":"Currency pair NOPE-USD is not supported"}}"#),
        ] + ["binance", "binanceus"].compactMap(Exchange.init(rawValue:)).map(binance)

    /// A CEX.IO BTC-USD snapshot, the acknowledgement of its subscribe.
    static func cexSnapshot(sequence: Int) -> String {
        #"{"e":"order_book_subscribe","oid":"1_0_order_book_subscribe","data":{"seqId":\#(sequence),"pair":"BTC-USD","bids":[["86875","0.04301025"],["86850","0.05"]],"asks":[["86875.1","3.40529629"]]},"ok":"ok"}"#
    }

    /// Binance or Binance.US: the SUBSCRIBE ack, a `@bookTicker` in the combined wrapper, the
    /// server's WebSocket ping for a heartbeat, and no refusal (an unknown symbol is acknowledged
    /// and then silent).
    static func binance(_ exchange: Exchange) -> ExchangeScript {
        ExchangeScript(
            exchange: exchange, path: "/stream", ack: #"{"result":null,"id":1}"#,
            quote:
                #"{"stream":"btcusd@bookTicker","data":{"u":400900217,"s":"BTCUSD","b":"86875.01000000","B":"31.21000000","a":"86875.02000000","A":"40.66000000"}}"#,
            bid: "86875.01000000", heartbeat: nil, refusal: nil)
    }
}

/// An exchange feed on a real WebSocket server on 127.0.0.1, its `ExchangeFeed` on the native
/// client and a test clock (which only the feed's backoff and watchdog sleep on), and a reader
/// of the feed's events.
final class FeedOnSocket: Sendable {
    static let btc = ExchangeTest.pair("BTC/USD")
    static let nope = ExchangeTest.pair("NOPE/USD")

    let server: WebSocketServer
    let clock = TestClock()
    let feed: ExchangeFeed
    let reader: EventReader

    /// A feed on a fresh server, or, with `url`, on that address instead (the server then idle).
    init(
        _ exchange: Exchange, path: String, pairs: [TradingPair], behavior: WebSocketServer.Behavior = WebSocketServer.Behavior(),
        url: URL? = nil, keeping: QuoteHandover<QuoteKey, ExchangeFeedEvent>.Keeping = .everything
    ) throws {
        server = try WebSocketServer(behavior: behavior)
        let client = NativeWebSocketClient(
            options: WebSocketClientOptions(connectTimeout: .seconds(5), handshakeTimeout: .seconds(5), closeTimeout: .seconds(2)))
        feed = ExchangeFeed(
            exchange: exchange, url: url ?? server.url(path: path), pairs: pairs, client: client, clock: clock,
            configuration: ExchangeFeedConfiguration(), random: SeededRandom(seed: 7), keeping: keeping)
        reader = EventReader(feed.events)
    }

    deinit { server.stop() }

    /// Starts the feed and returns the server's end of its first connection, after reading the
    /// subscribe messages it sent.
    func start() async throws -> (WebSocketServerConnection, [String]) {
        await feed.start()
        return try await nextConnection()
    }

    /// The next connection the feed opens, with the subscribe messages it sent on it.
    func nextConnection() async throws -> (WebSocketServerConnection, [String]) {
        let connection = try #require(await server.nextConnection(timeout: .seconds(60)))
        var sent: [String] = []
        for _ in await feed.exchange.adapterType.subscribeMessages(for: feed.followed) {
            sent.append(try #require(await connection.nextMessage(timeout: .seconds(20))?.text))
        }
        return (connection, sent)
    }

    /// The next event matching `predicate`; fails when the feed ends first.
    func next(
        sourceLocation: SourceLocation = #_sourceLocation, where predicate: @Sendable (ExchangeFeedEvent) -> Bool
    ) async throws
        -> ExchangeFeedEvent
    {
        guard let event = await reader.next(where: predicate) else {
            Issue.record("the feed ended before the expected event", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return event
    }

    /// Whether the feed's events end (without the predicate matching first).
    func ends() async -> Bool {
        await reader.next { _ in false } == nil
    }

    /// Waits for the reconnect the feed schedules, lets its delay pass, and returns the reason.
    func reconnect() async throws -> DisconnectReason {
        let event = try await next { if case .reconnecting = $0 { true } else { false } }
        guard case .reconnecting(_, let delay, let reason) = event else { throw CancellationError() }
        await clock.advance(by: delay, afterSleepers: 1)
        return reason
    }
}

/// Reads a feed's batches one event at a time.
actor EventReader {
    private var iterator: AsyncThrowingStream<[ExchangeFeedEvent], any Error>.AsyncIterator
    private var buffered: [ExchangeFeedEvent] = []

    init(_ events: AsyncThrowingStream<[ExchangeFeedEvent], any Error>) {
        iterator = events.makeAsyncIterator()
    }

    /// The next event matching `predicate`, skipping others; nil when the stream ends.
    func next(where predicate: @Sendable (ExchangeFeedEvent) -> Bool) async -> ExchangeFeedEvent? {
        while true {
            while !buffered.isEmpty {
                let event = buffered.removeFirst()
                if predicate(event) { return event }
            }
            // Moved out for the call: an actor's stored property cannot be mutated across a suspension.
            var current = iterator
            let batch = try? await current.next(isolation: self)
            iterator = current
            guard let batch else { return nil }
            buffered = batch
        }
    }
}
