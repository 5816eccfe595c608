import Foundation

/// Kraken spot v2 (reference §2): `status` on connect; `subscribe` to `ticker` with a list of
/// symbols, one ack (`success:true`) per symbol and then a `snapshot`; `update`s with the same
/// full record; `{"channel":"heartbeat"}` after each quiet second; `ping` answered with `pong`.
/// Prices and sizes are JSON numbers, prices with the pair's fixed decimals (`115113.0`).
enum KrakenWire: ExchangeWire {
    static let maintenanceNotice: String? = status(system: "maintenance", connectionID: 0)

    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        [status(system: "online", connectionID: session.random.next())]
    }

    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        let now = state.now
        guard let request = try? JSONParser.parse(text), request.objectMembers != nil else {
            return [response(method: "", requestID: nil, success: false, error: "Malformed request", now: now)]
        }
        let method = request["method"]?.stringValue ?? ""
        let requestID = request["req_id"]
        switch method {
        case "ping":
            return [response(method: "pong", requestID: requestID, success: nil, now: now)]
        case "subscribe", "unsubscribe":
            let channel = request["params"]?["channel"]?.stringValue ?? ""
            guard channel == "ticker" else {
                return [response(method: method, requestID: requestID, success: false, error: "Channel not supported \(channel)", now: now)]
            }
            let trigger = request["params"]?["event_trigger"]?.stringValue ?? "trades"
            let symbols = request["params"]?["symbol"]?.arrayElements?.compactMap(\.stringValue) ?? []
            var replies: [String] = []
            for symbol in symbols {
                replies +=
                    method == "subscribe"
                    ? subscribe(symbol, trigger: trigger, requestID: requestID, session: &session, state: &state)
                    : [unsubscribe(symbol, requestID: requestID, session: &session, now: now)]
            }
            return replies
        default:
            return [response(method: method, requestID: requestID, success: false, error: "Method not supported", now: now)]
        }
    }

    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String] {
        [ticker(book, type: "update", now: now)]
    }

    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote {
        ExchangeSentQuote(
            exchange: .kraken, pair: book.pair, bid: book.bid.text, bidSize: book.bidSize.shortText, ask: book.ask.text,
            askSize: book.askSize.shortText, last: book.last.text, lastSize: nil, time: ExchangeClockText.unixSeconds(now))
    }

    /// `{"channel":"heartbeat"}`, sent after a second without other messages.
    static let heartbeat = #"{"channel":"heartbeat"}"#

    private static func subscribe(
        _ symbol: String, trigger: String, requestID: JSONValue?, session: inout ExchangeSession, state: inout ExchangeFeedState
    ) -> [String] {
        let now = state.now
        guard let pair = ExchangeListing.pair(forSymbol: symbol, on: .kraken), state.isListed(pair, on: .kraken),
            let book = state.book(pair, on: .kraken)
        else {
            return [
                response(
                    method: "subscribe", requestID: requestID, success: false, error: "Currency pair not supported \(symbol)", symbol: symbol,
                    now: now)
            ]
        }
        guard !session.follows(pair) else {
            return [response(method: "subscribe", requestID: requestID, success: false, error: "Already subscribed", symbol: symbol, now: now)]
        }
        session.follow(pair)
        state.log.sent(sentQuote(book, snapshot: true, now: now))
        let result = JSONValue.fields([
            "channel": .string("ticker"), "event_trigger": .string(trigger), "snapshot": .bool(true), "symbol": .string(symbol),
        ])
        return [
            response(method: "subscribe", requestID: requestID, success: true, result: result, now: now), ticker(book, type: "snapshot", now: now),
        ]
    }

    private static func unsubscribe(_ symbol: String, requestID: JSONValue?, session: inout ExchangeSession, now: Date) -> String {
        guard let pair = ExchangeListing.pair(forSymbol: symbol, on: .kraken), session.follows(pair) else {
            // The recorded refusal names `subscribe` even for an unsubscribe (PKS).
            return response(method: "subscribe", requestID: requestID, success: false, error: "Subscription Not Found", symbol: symbol, now: now)
        }
        session.pairs.removeAll { $0 == pair }
        let result = JSONValue.fields(["channel": .string("ticker"), "symbol": .string(symbol)])
        return response(method: "unsubscribe", requestID: requestID, success: true, result: result, now: now)
    }

    /// `{"channel":"ticker","type":…,"data":[{"symbol":…,"bid":…,…,"timestamp":…}]}`.
    private static func ticker(_ book: ExchangeBook, type: String, now: Date) -> String {
        let change = book.change
        let vwap = DecimalText((book.high.value + book.low.value + book.last.value) / 3, decimals: book.priceDecimals)
        let entry = JSONValue.fields([
            "symbol": .string(SimulatedExchange.kraken.symbol(for: book.pair)), "bid": .raw(book.bid.text), "bid_qty": .raw(book.bidSize.shortText),
            "ask": .raw(book.ask.text), "ask_qty": .raw(book.askSize.shortText), "last": .raw(book.last.text),
            "volume": .raw(book.volume.shortText), "vwap": .raw(vwap.text), "low": .raw(book.low.text), "high": .raw(book.high.text),
            "change": .raw(change.absolute.text), "change_pct": .raw(change.percent.text), "timestamp": .string(ExchangeClockText.rfc3339(now)),
        ])
        return JSONValue.fields(["channel": .string("ticker"), "type": .string(type), "data": .array([entry])]).serializedString()
    }

    /// A method response: `success` and `result` or `error`, with the request's `req_id` and the
    /// `time_in`/`time_out` stamps.
    private static func response(
        method: String, requestID: JSONValue?, success: Bool?, result: JSONValue? = nil, error: String? = nil, symbol: String? = nil,
        now: Date
    ) -> String {
        var members: [JSONValue.Member] = []
        if let error { members.append(.init("error", .string(error))) }
        members.append(.init("method", .string(method)))
        if let requestID { members.append(.init("req_id", requestID)) }
        if let result { members.append(.init("result", result)) }
        if let success { members.append(.init("success", .bool(success))) }
        if let symbol { members.append(.init("symbol", .string(symbol))) }
        let stamp = JSONValue.string(ExchangeClockText.rfc3339(now))
        members += [.init("time_in", stamp), .init("time_out", stamp)]
        return JSONValue.object(members).serializedString()
    }

    /// The `status` channel's update: `online` on connect, `maintenance` as the notice.
    private static func status(system: String, connectionID: UInt64) -> String {
        let entry = JSONValue.fields([
            "api_version": .string("v2"), "connection_id": .raw(String(connectionID)), "system": .string(system), "version": .string("2.0.10"),
        ])
        return JSONValue.fields(["channel": .string("status"), "data": .array([entry]), "type": .string("update")]).serializedString()
    }
}
