import Foundation

/// OKX v5 public (`exchange-feeds-more.md` §2.2): nothing on connect; `subscribe` with a list of
/// `{channel, instId}` args, each acknowledged on its own (`event: subscribe`, the request's `id`
/// echoed) and followed by the channel's first push; `bbo-tbt` pushes one level a side on every
/// change, `tickers` the last trade and the 24-hour figures; an instrument not listed gets error
/// 60018. The client's text `ping` is answered with the text `pong`; the server sends no
/// heartbeat of its own. Prices and sizes are strings without padding. The maintenance notice is
/// the 64008 `notice`.
enum OKXWire: ExchangeWire {
    static let maintenanceNotice: String? =
        #"{"event":"notice","code":"64008","msg":"The connection will soon be closed for a service upgrade. Please reconnect.","connId":"a4d3ae55"}"#

    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] { [] }

    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        if text == "ping" { return ["pong"] }
        let connection = connectionID(session)
        guard let request = try? JSONParser.parse(text), request.objectMembers != nil else {
            return [error("Illegal request: \(text)", code: "60012", id: nil, connection: connection)]
        }
        let op = request["op"]?.stringValue ?? ""
        let id = request["id"]?.stringValue
        guard op == "subscribe" || op == "unsubscribe" else {
            return [error("Illegal request: unknown op \(op)", code: "60012", id: id, connection: connection)]
        }
        var replies: [String] = []
        for arg in request["args"]?.arrayElements ?? [] {
            let channel = arg["channel"]?.stringValue ?? ""
            let instrument = arg["instId"]?.stringValue ?? ""
            guard channel == "bbo-tbt" || channel == "tickers", let pair = ExchangeListing.pair(forSymbol: instrument, on: .okx),
                state.isListed(pair, on: .okx), let book = state.book(pair, on: .okx)
            else {
                replies.append(
                    error("Wrong URL or channel:\(channel),instId:\(instrument) doesn't exist", code: "60018", id: id, connection: connection))
                continue
            }
            var members: [JSONValue.Member] = []
            if let id { members.append(.init("id", .string(id))) }
            members += [
                .init("event", .string(op)), .init("arg", .fields(["channel": .string(channel), "instId": .string(instrument)])),
                .init("connId", .string(connection)),
            ]
            replies.append(JSONValue.object(members).serializedString())
            if op == "unsubscribe" {
                if channel == "bbo-tbt" { session.bookPairs.remove(pair) } else { session.tradePairs.remove(pair) }
                if !session.bookPairs.contains(pair) && !session.tradePairs.contains(pair) { session.pairs.removeAll { $0 == pair } }
                continue
            }
            if channel == "bbo-tbt" { session.bookPairs.insert(pair) } else { session.tradePairs.insert(pair) }
            session.follow(pair)
            // One instant for the push and the log, so the time sent is the time logged.
            let now = state.now
            replies.append(channel == "bbo-tbt" ? bbo(book, now: now) : ticker(book, now: now))
            state.log.sent(sentQuote(book, snapshot: true, now: now))
        }
        return replies
    }

    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String] {
        var messages: [String] = []
        if session.bookPairs.contains(book.pair) { messages.append(bbo(book, now: now)) }
        if book.traded, session.tradePairs.contains(book.pair) { messages.append(ticker(book, now: now)) }
        return messages
    }

    /// The client's merged quote: the book's level, the latest ticker's last trade, the push's time.
    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote {
        let milliseconds = ExchangeClockText.milliseconds(now)
        return ExchangeSentQuote(
            exchange: .okx, pair: book.pair, bid: book.bid.shortText, bidSize: book.bidSize.shortText, ask: book.ask.shortText,
            askSize: book.askSize.shortText, last: book.last.shortText, lastSize: book.lastSize.shortText,
            time: Double(milliseconds / 1000) + Double(milliseconds % 1000) / 1000)
    }

    /// `{"arg":{"channel":"bbo-tbt","instId":…},"data":[{"asks":[[px,sz,"0",n]],"bids":[…],"ts":…,"seqId":…}]}`.
    private static func bbo(_ book: ExchangeBook, now: Date) -> String {
        func level(_ price: DecimalText, _ size: DecimalText) -> JSONValue {
            .array([.string(price.shortText), .string(size.shortText), .string("0"), .string("1")])
        }
        let entry = JSONValue.fields([
            "asks": .array([level(book.ask, book.askSize)]), "bids": .array([level(book.bid, book.bidSize)]),
            "ts": .string(String(ExchangeClockText.milliseconds(now))), "seqId": .integer(book.sequence),
        ])
        return push("bbo-tbt", book, entry)
    }

    /// A `tickers` push.
    private static func ticker(_ book: ExchangeBook, now: Date) -> String {
        let entry = JSONValue.fields([
            "instType": .string("SPOT"), "instId": .string(SimulatedExchange.okx.symbol(for: book.pair)), "last": .string(book.last.shortText),
            "lastSz": .string(book.lastSize.shortText), "askPx": .string(book.ask.shortText), "askSz": .string(book.askSize.shortText),
            "bidPx": .string(book.bid.shortText), "bidSz": .string(book.bidSize.shortText), "open24h": .string(book.open.shortText),
            "high24h": .string(book.high.shortText), "low24h": .string(book.low.shortText), "vol24h": .string(book.volume.shortText),
            "ts": .string(String(ExchangeClockText.milliseconds(now))),
        ])
        return push("tickers", book, entry)
    }

    private static func push(_ channel: String, _ book: ExchangeBook, _ entry: JSONValue) -> String {
        let arg = JSONValue.fields(["channel": .string(channel), "instId": .string(SimulatedExchange.okx.symbol(for: book.pair))])
        return JSONValue.fields(["arg": arg, "data": .array([entry])]).serializedString()
    }

    /// `{"id":…,"event":"error","msg":…,"code":…,"connId":…}`.
    private static func error(_ message: String, code: String, id: String?, connection: String) -> String {
        var members: [JSONValue.Member] = []
        if let id { members.append(.init("id", .string(id))) }
        members += [
            .init("event", .string("error")), .init("msg", .string(message)), .init("code", .string(code)), .init("connId", .string(connection)),
        ]
        return JSONValue.object(members).serializedString()
    }

    /// The socket's `connId`: eight hex digits from its id.
    private static func connectionID(_ session: ExchangeSession) -> String {
        let hex = String(UInt32(truncatingIfNeeded: UInt64(session.id) &* 2_654_435_761), radix: 16)
        return String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }
}
