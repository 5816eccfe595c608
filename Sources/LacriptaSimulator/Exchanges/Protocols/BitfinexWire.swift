import Foundation

/// Bitfinex v2 public (reference §4): `info` on connect; `subscribe` to `ticker` per symbol,
/// acked with `subscribed` and a fresh `chanId`, then a snapshot array; updates of the same
/// 11-element shape (the last `null`) carrying only the channel id; `[chanId,"hb"]` every 15 s
/// per channel; `ping` answered with `pong`; non-JSON text gets no reply.
enum BitfinexWire: ExchangeWire {
    static let maintenanceNotice: String? = #"{"event":"info","code":20051,"msg":"Stopping. Please try to reconnect"}"#

    /// `symbol: invalid`, the refusal of an unlisted symbol.
    static let invalidSymbolCode: Int64 = 10300

    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        let hex = (0..<2).map { _ in String(session.random.next(), radix: 16) }.joined()
        let padded = String((hex + String(repeating: "0", count: 32)).prefix(32))
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(padded.dropFirst(range.lowerBound).prefix(range.count))
        }
        let info = JSONValue.fields([
            "event": .string("info"), "version": .integer(2), "serverId": .string(parts.joined(separator: "-")),
            "platform": .fields(["status": .integer(1)]),
        ])
        return [info.serializedString()]
    }

    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        // Non-JSON text gets no reply at all (recorded 2026-09).
        guard let request = try? JSONParser.parse(text), request.objectMembers != nil else { return [] }
        let event = request["event"]?.stringValue ?? ""
        switch event {
        case "ping":
            var members: [JSONValue.Member] = [.init("event", .string("pong")), .init("ts", .integer(ExchangeClockText.milliseconds(state.now)))]
            if let cid = request["cid"] { members.append(.init("cid", cid)) }
            return [JSONValue.object(members).serializedString()]
        case "conf":
            return [
                JSONValue.fields(["event": .string("conf"), "status": .string("OK"), "flags": request["flags"] ?? .integer(0)]).serializedString()
            ]
        case "subscribe":
            return subscribe(request, session: &session, state: &state)
        case "unsubscribe":
            guard let id = request["chanId"]?.doubleValue.map(Int64.init), session.channels.contains(where: { $0.id == id }) else {
                return [error("unsubscribe: invalid", code: 10400)]
            }
            let pair = session.channels.first { $0.id == id }?.pair
            session.channels.removeAll { $0.id == id }
            if let pair, !session.channels.contains(where: { $0.pair == pair }) { session.pairs.removeAll { $0 == pair } }
            return [JSONValue.fields(["event": .string("unsubscribed"), "status": .string("OK"), "chanId": .integer(id)]).serializedString()]
        default:
            return [error("event: invalid (\(event))", code: 10000)]
        }
    }

    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String] {
        session.channels.filter { $0.pair == book.pair }.map { ticker(book, channel: $0.id) }
    }

    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote {
        ExchangeSentQuote(
            exchange: .bitfinex, pair: book.pair, bid: book.bid.shortText, bidSize: book.bidSize.shortText, ask: book.ask.shortText,
            askSize: book.askSize.shortText, last: book.last.shortText, lastSize: nil, time: nil)
    }

    /// `[CHANID,"hb"]`.
    static func heartbeat(channel: Int64) -> String {
        "[\(channel),\"hb\"]"
    }

    private static func subscribe(_ request: JSONValue, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        let channel = request["channel"]?.stringValue ?? ""
        guard channel == "ticker" else { return [error("subscribe: invalid channel", code: 10001)] }
        // A symbol sent without its `t` is accepted (AO).
        let sent = request["symbol"]?.stringValue ?? ""
        let symbol = sent.hasPrefix("t") ? sent : "t" + sent
        guard let pair = ExchangeListing.pair(forSymbol: symbol, on: .bitfinex), state.isListed(pair, on: .bitfinex),
            let book = state.book(pair, on: .bitfinex)
        else {
            return [refusal(symbol: symbol, message: "symbol: invalid", code: invalidSymbolCode)]
        }
        guard !session.channels.contains(where: { $0.pair == pair }) else {
            return [refusal(symbol: symbol, message: "subscribe: dup", code: 10301)]
        }
        var id = Int64.random(in: 1000...999_999, using: &session.random)
        while session.channels.contains(where: { $0.id == id }) { id += 1 }
        session.channels.append((id, pair))
        session.follow(pair)
        state.log.sent(sentQuote(book, snapshot: true, now: state.now))
        let ack = JSONValue.fields([
            "event": .string("subscribed"), "channel": .string("ticker"), "chanId": .integer(id), "symbol": .string(symbol),
            "pair": .string(String(symbol.dropFirst())),
        ])
        return [ack.serializedString(), ticker(book, channel: id)]
    }

    /// `[CHANID,[BID,BID_SIZE,ASK,ASK_SIZE,DAILY_CHANGE,DAILY_CHANGE_RELATIVE,LAST_PRICE,VOLUME,HIGH,LOW,null]]`.
    private static func ticker(_ book: ExchangeBook, channel: Int64) -> String {
        let change = book.change
        let figures: [JSONValue] = [
            .raw(book.bid.shortText), .raw(book.bidSize.shortText), .raw(book.ask.shortText), .raw(book.askSize.shortText),
            .raw(change.absolute.shortText), .raw(change.relative.shortText), .raw(book.last.shortText), .raw(book.volume.shortText),
            .raw(book.high.shortText), .raw(book.low.shortText), .null,
        ]
        return JSONValue.array([.integer(channel), .array(figures)]).serializedString()
    }

    /// `{"channel":"ticker","symbol":…,"event":"error","msg":…,"code":…,"pair":…}`, the recorded key order.
    private static func refusal(symbol: String, message: String, code: Int64) -> String {
        JSONValue.fields([
            "channel": .string("ticker"), "symbol": .string(symbol), "event": .string("error"), "msg": .string(message), "code": .integer(code),
            "pair": .string(String(symbol.dropFirst())),
        ]).serializedString()
    }

    private static func error(_ message: String, code: Int64) -> String {
        JSONValue.fields(["event": .string("error"), "msg": .string(message), "code": .integer(code)]).serializedString()
    }
}
