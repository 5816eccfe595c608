import Foundation

/// Coinbase Exchange `ws-feed` (reference §1A): nothing on connect; `subscribe` with root
/// `product_ids` and channel names or objects; one `subscriptions` ack listing every current
/// subscription; a full `ticker` record per match (the first, on subscribe, without the trade
/// fields); `heartbeat` once a second per product when subscribed. Every price and size is a
/// string. One unknown product voids the whole subscribe message.
enum CoinbaseWire: ExchangeWire {
    static let maintenanceNotice: String? = nil

    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] { [] }

    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        guard let request = try? JSONParser.parse(text), request.objectMembers != nil else {
            return [error("Malformed JSON", reason: nil)]
        }
        let type = request["type"]?.stringValue ?? ""
        guard type == "subscribe" || type == "unsubscribe" else {
            return [error("Failed to subscribe", reason: "\(type) is not a valid message type")]
        }
        let rootProducts = request["product_ids"]?.arrayElements?.compactMap(\.stringValue) ?? []
        var wanted: [(channel: String, products: [String])] = []
        for channel in request["channels"]?.arrayElements ?? [] {
            if let name = channel.stringValue {
                wanted.append((name, rootProducts))
            } else if let name = channel["name"]?.stringValue {
                wanted.append((name, channel["product_ids"]?.arrayElements?.compactMap(\.stringValue) ?? rootProducts))
            }
        }
        if wanted.isEmpty { return [error("Failed to subscribe", reason: "No channels provided")] }
        var resolved: [(channel: String, pairs: [ExchangePair])] = []
        for (channel, products) in wanted {
            guard channel == "ticker" || channel == "heartbeat" else {
                return [error("Failed to subscribe", reason: "\(channel) is not a valid channel")]
            }
            // An empty list names the empty product: the recorded `" is not a valid product"`.
            var pairs: [ExchangePair] = []
            for product in products.isEmpty ? [""] : products {
                guard let pair = ExchangeListing.pair(forSymbol: product, on: .coinbase), state.isListed(pair, on: .coinbase) else {
                    return [error("Failed to subscribe", reason: "\(product) is not a valid product")]
                }
                pairs.append(pair)
            }
            resolved.append((channel, pairs))
        }
        var snapshots: [String] = []
        for (channel, pairs) in resolved {
            for pair in pairs {
                if type == "unsubscribe" {
                    if channel == "ticker" { session.pairs.removeAll { $0 == pair } } else { session.heartbeatPairs.removeAll { $0 == pair } }
                } else if channel == "heartbeat" {
                    if !session.heartbeatPairs.contains(pair) { session.heartbeatPairs.append(pair) }
                } else if !session.follows(pair), let book = state.book(pair, on: .coinbase) {
                    session.follow(pair)
                    snapshots.append(ticker(book, full: false, now: state.now))
                    state.log.sent(sentQuote(book, snapshot: true, now: state.now))
                }
            }
        }
        return [acknowledgement(session)] + snapshots
    }

    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String] {
        [ticker(book, full: true, now: now)]
    }

    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote {
        ExchangeSentQuote(
            exchange: .coinbase, pair: book.pair, bid: book.bid.text, bidSize: book.bidSize.text, ask: book.ask.text,
            askSize: book.askSize.text, last: book.last.text, lastSize: snapshot ? nil : book.lastSize.text,
            time: snapshot ? nil : ExchangeClockText.unixSeconds(now))
    }

    /// `{"type":"heartbeat","last_trade_id":…,"product_id":"BTC-USD","sequence":…,"time":"…"}`.
    static func heartbeat(_ book: ExchangeBook, now: Date) -> String {
        JSONValue.fields([
            "type": .string("heartbeat"), "last_trade_id": .integer(book.tradeID), "product_id": .string(CoinbaseWire.symbol(book.pair)),
            "sequence": .integer(book.sequence), "time": .string(ExchangeClockText.rfc3339(now)),
        ]).serializedString()
    }

    /// A ticker record; `full: false` is the one sent on subscribe, without `side`, `time`,
    /// `trade_id` and `last_size` (coinbase-pro-node #140).
    private static func ticker(_ book: ExchangeBook, full: Bool, now: Date) -> String {
        var members: [JSONValue.Member] = [
            .init("type", .string("ticker")), .init("sequence", .integer(book.sequence)), .init("product_id", .string(symbol(book.pair))),
            .init("price", .string(book.last.text)), .init("open_24h", .string(book.open.text)),
            .init("volume_24h", .string(book.volume.text)), .init("low_24h", .string(book.low.text)),
            .init("high_24h", .string(book.high.text)),
            .init("volume_30d", .string(DecimalText(units: book.volume.units * 30, decimals: book.volume.decimals).text)),
            .init("best_bid", .string(book.bid.text)), .init("best_bid_size", .string(book.bidSize.text)),
            .init("best_ask", .string(book.ask.text)), .init("best_ask_size", .string(book.askSize.text)),
        ]
        if full {
            members += [
                .init("side", .string(book.side == .buy ? "buy" : "sell")), .init("time", .string(ExchangeClockText.rfc3339(now))),
                .init("trade_id", .integer(book.tradeID)), .init("last_size", .string(book.lastSize.text)),
            ]
        }
        return JSONValue.object(members).serializedString()
    }

    /// The ack listing every channel this socket is subscribed to, with `account_ids: null` as
    /// in the 2026 capture.
    private static func acknowledgement(_ session: ExchangeSession) -> String {
        var channels: [JSONValue] = []
        for (name, pairs) in [("ticker", session.pairs), ("heartbeat", session.heartbeatPairs)] where !pairs.isEmpty {
            channels.append(.fields(["name": .string(name), "product_ids": .strings(pairs.map(symbol)), "account_ids": .null]))
        }
        return JSONValue.fields(["type": .string("subscriptions"), "channels": .array(channels)]).serializedString()
    }

    /// `{"type":"error","message":…,"reason":…}`.
    private static func error(_ message: String, reason: String?) -> String {
        var members: [JSONValue.Member] = [.init("type", .string("error")), .init("message", .string(message))]
        if let reason { members.append(.init("reason", .string(reason))) }
        return JSONValue.object(members).serializedString()
    }

    static func symbol(_ pair: ExchangePair) -> String { SimulatedExchange.coinbase.symbol(for: pair) }
}
