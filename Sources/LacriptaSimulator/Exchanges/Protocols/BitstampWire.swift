import Foundation
import LacriptaWebSocket

/// Bitstamp v2 (reference §3): nothing on connect; one `bts:subscribe` per channel, acked with
/// `bts:subscription_succeeded` even for an unknown lower-case symbol (which then stays silent);
/// `order_book_<pair>` full top-of-book pictures with string prices, `live_trades_<pair>` one
/// frame per trade with numbers and `_str` twins; `bts:heartbeat` answered; `bts:error` with
/// `code: null` for bad frames; a client frame over 512 bytes closes the socket with 1009.
enum BitstampWire: ExchangeWire {
    static let maintenanceNotice: String? = #"{"event":"bts:request_reconnect","channel":"","data":""}"#

    /// Levels per side in a book frame (the real feed sends 100; ten keep the frames small).
    static let bookDepth = 10
    /// The largest client frame Bitstamp reads.
    static let clientFrameLimit = 512

    static let bookPrefix = "order_book_"
    static let tradesPrefix = "live_trades_"

    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] { [] }

    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        guard text.utf8.count <= clientFrameLimit else {
            session.connection.sendClose(code: .messageTooBig, reason: "read limited at \(clientFrameLimit + 1) bytes")
            session.phase = .ended
            return []
        }
        guard let request = try? JSONParser.parse(text), request.objectMembers != nil else { return [error("Incorrect JSON format.")] }
        switch request["event"]?.stringValue {
        case "bts:heartbeat":
            return [#"{"event":"bts:heartbeat","channel":"","data":{"status":"success"}}"#]
        case "bts:subscribe", "bts:unsubscribe":
            guard let channel = request["data"]?["channel"]?.stringValue else { return [error("Bad subscription string.")] }
            guard let (isBook, symbol) = parse(channel) else { return [error("Invalid channel provided.")] }
            let pair = ExchangeListing.pair(forSymbol: symbol, on: .bitstamp).flatMap { state.isListed($0, on: .bitstamp) ? $0 : nil }
            if request["event"]?.stringValue == "bts:unsubscribe" {
                if let pair { unfollow(pair, book: isBook, session: &session) }
                return [event("bts:unsubscription_succeeded", channel: channel)]
            }
            var replies = [event("bts:subscription_succeeded", channel: channel)]
            // An unknown or unlisted symbol is acknowledged and then left silent, as recorded.
            guard let pair, let book = state.book(pair, on: .bitstamp) else { return replies }
            session.follow(pair)
            if isBook {
                // The real book waits for its next change; the simulator sends the current one
                // at once, so a client has a first quote without waiting a tick.
                if session.bookPairs.insert(pair).inserted {
                    replies.append(bookFrame(book, now: state.now))
                    state.log.sent(sentQuote(book, snapshot: true, now: state.now))
                }
            } else {
                session.tradePairs.insert(pair)
            }
            return replies
        default:
            return [error("Bad subscription string.")]
        }
    }

    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String] {
        var messages: [String] = []
        if session.bookPairs.contains(book.pair) { messages.append(bookFrame(book, now: now)) }
        if book.traded, session.tradePairs.contains(book.pair) { messages.append(tradeFrame(book, now: now)) }
        return messages
    }

    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote {
        ExchangeSentQuote(
            exchange: .bitstamp, pair: book.pair, bid: book.bid.text, bidSize: book.bidSize.text, ask: book.ask.text, askSize: book.askSize.text,
            last: book.trades > 0 ? book.last.text : nil, lastSize: book.trades > 0 ? book.lastSize.text : nil,
            time: ExchangeClockText.unixSeconds(now))
    }

    /// `order_book_btcusd` → (true, "btcusd"); nil unless the symbol is lower-case letters and
    /// digits (with `-` for perps) after a known prefix.
    private static func parse(_ channel: String) -> (Bool, String)? {
        for (prefix, isBook) in [(bookPrefix, true), (tradesPrefix, false)] where channel.hasPrefix(prefix) {
            let symbol = String(channel.dropFirst(prefix.count))
            let valid =
                !symbol.isEmpty && symbol.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }
            return valid ? (isBook, symbol) : nil
        }
        return nil
    }

    private static func unfollow(_ pair: ExchangePair, book: Bool, session: inout ExchangeSession) {
        if book { session.bookPairs.remove(pair) } else { session.tradePairs.remove(pair) }
        if !session.bookPairs.contains(pair), !session.tradePairs.contains(pair) { session.pairs.removeAll { $0 == pair } }
    }

    /// `{"data":{"timestamp":…,"microtimestamp":…,"bids":[[p,a],…],"asks":[…]},"channel":…,"event":"data"}`.
    private static func bookFrame(_ book: ExchangeBook, now: Date) -> String {
        func side(_ bids: Bool) -> JSONValue {
            .array(book.depth(bids: bids, count: bookDepth).map { .strings([$0.price.text, $0.size.text]) })
        }
        let data = JSONValue.fields([
            "timestamp": .string(ExchangeClockText.seconds(now)), "microtimestamp": .string(ExchangeClockText.microseconds(now)),
            "bids": side(true), "asks": side(false),
        ])
        return JSONValue.fields(["data": data, "channel": .string(bookPrefix + symbol(book.pair)), "event": .string("data")]).serializedString()
    }

    /// A `live_trades` frame: `amount` and `price` as numbers, their `_str` twins as strings.
    private static func tradeFrame(_ book: ExchangeBook, now: Date) -> String {
        let data = JSONValue.fields([
            "id": .integer(book.tradeID), "timestamp": .string(ExchangeClockText.seconds(now)), "amount": .raw(book.lastSize.shortText),
            "amount_str": .string(book.lastSize.text), "price": .raw(book.last.shortText), "price_str": .string(book.last.text),
            "type": .integer(book.side == .buy ? 0 : 1), "microtimestamp": .string(ExchangeClockText.microseconds(now)),
            "buy_order_id": .integer(book.tradeID * 7 + 1), "sell_order_id": .integer(book.tradeID * 7 + 3),
        ])
        return JSONValue.fields(["data": data, "channel": .string(tradesPrefix + symbol(book.pair)), "event": .string("trade")]).serializedString()
    }

    private static func event(_ name: String, channel: String) -> String {
        JSONValue.fields(["event": .string(name), "channel": .string(channel), "data": .fields([:])]).serializedString()
    }

    /// `{"event":"bts:error","channel":"","data":{"code":null,"message":…}}`.
    private static func error(_ message: String) -> String {
        JSONValue.fields([
            "event": .string("bts:error"), "channel": .string(""), "data": .fields(["code": .null, "message": .string(message)]),
        ]).serializedString()
    }

    private static func symbol(_ pair: ExchangePair) -> String { SimulatedExchange.bitstamp.symbol(for: pair) }
}
