import Foundation
import LacriptaSimulator
import LacriptaWebSocket

/// Starts a simulator with the exchange feeds (steered by default), runs `body`, always stops it.
func withExchanges<Result>(
    _ options: ExchangeFeeds.Options = .steered(), _ body: (ExchangeFeeds) async throws -> Result
) async throws -> Result {
    let simulator = try SimulatorHarness.start(dataDirectory: Fixtures.directory(), exchanges: options)
    defer { simulator.stop() }
    guard let feeds = simulator.exchanges else { throw StreamProbe.Unexpected(description: "no exchange feeds") }
    return try await body(feeds)
}

/// A pair from its text, for tests.
func pair(_ text: String) throws -> ExchangePair {
    guard let pair = ExchangePair(text) else { throw StreamProbe.Unexpected(description: "bad pair \(text)") }
    return pair
}

extension StreamProbe {
    /// Connects to `exchange` on `feeds` and sends `messages` in order.
    static func connect(to exchange: SimulatedExchange, on feeds: ExchangeFeeds, sending messages: [String] = []) async throws -> StreamProbe {
        let probe = try await StreamProbe.connect(feeds.url(for: exchange))
        for message in messages { try await probe.send(message) }
        return probe
    }

    /// Whether the stream ended without a WebSocket Close (a dropped TCP connection: 1006).
    func endedWithoutClose() async -> Bool {
        switch await end() {
        case .failed?: true
        case .finished(let status)?: status == nil || status?.code == .abnormalClosure
        default: false
        }
    }

    /// The Close the server sent, skipping messages; nil when the stream did not end cleanly.
    func closeCode() async -> CloseCode? {
        guard case .finished(let status)? = await end() else { return nil }
        return status?.code
    }
}

extension JSONValue {
    /// The number as its decimal text when this is a number.
    var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}

/// The subscribe text of BTC/USD on `exchange`, as a client sends it, and how many messages come
/// before the data flows (greeting, acks, snapshot).
func subscription(on exchange: SimulatedExchange) -> (text: String, preamble: Int) {
    switch exchange {
    case .coinbase: (#"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker"]}"#, 2)
    case .kraken: (#"{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"]},"req_id":1}"#, 3)
    case .bitstamp: (#"{"event":"bts:subscribe","data":{"channel":"order_book_btcusd"}}"#, 2)
    case .bitfinex: (#"{"event":"subscribe","channel":"ticker","symbol":"tBTCUSD"}"#, 3)
    // Binance lists no BTC/USD: BTC/USDT there. The ack, the book and the first ticker.
    case .binance: (#"{"method":"SUBSCRIBE","params":["btcusdt@bookTicker","btcusdt@ticker"],"id":1}"#, 3)
    case .binanceus: (#"{"method":"SUBSCRIBE","params":["btcusd@bookTicker","btcusd@ticker"],"id":1}"#, 3)
    // OKX lists BTC in USDT: the ack and the first push.
    case .okx: (#"{"op":"subscribe","args":[{"channel":"bbo-tbt","instId":"BTC-USDT"}]}"#, 2)
    case .gemini: (#"{"id":"1","method":"subscribe","params":["btcusd@bookTicker"]}"#, 2)
    // The greeting and the snapshot that acknowledges the subscribe.
    case .cex: (#"{"e":"order_book_subscribe","oid":"1_0_order_book_subscribe","data":{"pair":"BTC-USD"}}"#, 2)
    }
}

extension StreamProbe {
    /// Connects to `exchange`, subscribes BTC/USD and reads through the snapshot.
    static func subscribed(to exchange: SimulatedExchange, on feeds: ExchangeFeeds) async throws -> StreamProbe {
        let (text, preamble) = subscription(on: exchange)
        let probe = try await StreamProbe.connect(to: exchange, on: feeds, sending: [text])
        for _ in 0..<preamble { _ = try await probe.nextText() }
        return probe
    }
}
