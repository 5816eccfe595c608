import Foundation

/// Binance's combined stream (`exchange-feeds-more.md` §2.1), and Binance.US's, which is the same
/// protocol: nothing on connect; `SUBSCRIBE` with stream names, answered `{"result":null,"id":N}`
/// whether the symbols exist or not (an unknown one then stays silent); `@bookTicker` frames
/// without `e` or time, and `@ticker`'s `24hrTicker` with the last trade and the event time `E`,
/// each wrapped as `{"stream":…,"data":…}`. Prices and sizes are strings padded to 8 decimals.
/// The server pings with protocol frames (the heartbeat schedule); an id that is no unsigned
/// integer, an unknown method or text that is not JSON get the documented error objects.
enum BinanceWire: ExchangeWire {
    /// Binance documents `serverShutdown` before a planned close.
    static let maintenanceNotice: String? = #"{"e":"serverShutdown","E":1790000000000}"#

    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] { [] }

    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        guard let request = try? JSONParser.parse(text), request.objectMembers != nil else {
            return [#"{"code":3,"msg":"Invalid JSON: expected value at line 1 column 1"}"#]
        }
        guard let idText = request["id"].flatMap({ if case .number(let text) = $0 { text } else { nil } }),
            let id = UInt64(idText)
        else {
            return [#"{"code":2,"msg":"Invalid request: request ID must be an unsigned integer"}"#]
        }
        let method = request["method"]?.stringValue ?? ""
        let streams = request["params"]?.arrayElements?.compactMap(\.stringValue) ?? []
        switch method {
        case "SUBSCRIBE":
            var snapshots: [String] = []
            for stream in streams {
                let parts = stream.split(separator: "@", maxSplits: 1).map(String.init)
                guard parts.count == 2, let pair = ExchangeListing.pair(forSymbol: parts[0], on: session.exchange),
                    state.isListed(pair, on: session.exchange), let book = state.book(pair, on: session.exchange)
                else { continue }
                switch parts[1] {
                case "bookTicker": session.bookPairs.insert(pair)
                case "ticker": session.tradePairs.insert(pair)
                default: continue
                }
                guard !session.follows(pair) else { continue }
                session.follow(pair)
                // The ticker's first frame arrives within its second: sent at once, after the book.
                // One instant for the frame and the log, so the time sent is the time logged.
                let now = state.now
                snapshots += [bookTicker(book), ticker(book, now: now)]
                state.log.sent(sentQuote(book, snapshot: true, now: now))
            }
            return [#"{"result":null,"id":"# + String(id) + "}"] + snapshots
        case "UNSUBSCRIBE":
            for stream in streams {
                guard let pair = ExchangeListing.pair(forSymbol: String(stream.prefix { $0 != "@" }), on: session.exchange) else { continue }
                session.bookPairs.remove(pair)
                session.tradePairs.remove(pair)
                session.pairs.removeAll { $0 == pair }
            }
            return [#"{"result":null,"id":"# + String(id) + "}"]
        default:
            return [
                #"{"code":2,"msg":"Invalid request: unknown variant \#(method), expected one of SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY, GET_PROPERTY","id":\#(id)}"#
            ]
        }
    }

    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String] {
        var messages: [String] = []
        if session.bookPairs.contains(book.pair) { messages.append(bookTicker(book)) }
        if book.traded, session.tradePairs.contains(book.pair) { messages.append(ticker(book, now: now)) }
        return messages
    }

    /// What the client's merged quote holds after an update: the book's figures, the last trade
    /// of the latest ticker, and a time only when that ticker is the update.
    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote {
        let milliseconds = ExchangeClockText.milliseconds(now)
        let time = Double(milliseconds / 1000) + Double(milliseconds % 1000) / 1000
        return ExchangeSentQuote(
            exchange: book.exchange, pair: book.pair, bid: padded(book.bid), bidSize: book.bidSize.text, ask: padded(book.ask),
            askSize: book.askSize.text, last: padded(book.last), lastSize: book.lastSize.text, time: snapshot || book.traded ? time : nil)
    }

    /// A price with Binance's 8 decimals: `86875.01000000`.
    static func padded(_ price: DecimalText) -> String {
        var units = price.units
        for _ in price.decimals..<max(price.decimals, 8) { units *= 10 }
        return DecimalText(units: units, decimals: max(price.decimals, 8)).text
    }

    /// `{"stream":"btcusdt@bookTicker","data":{"u":…,"s":"BTCUSDT","b":…,"B":…,"a":…,"A":…}}`.
    private static func bookTicker(_ book: ExchangeBook) -> String {
        let symbol = book.exchange.symbol(for: book.pair)
        let data = JSONValue.fields([
            "u": .integer(book.sequence), "s": .string(symbol.uppercased()), "b": .string(padded(book.bid)), "B": .string(book.bidSize.text),
            "a": .string(padded(book.ask)), "A": .string(book.askSize.text),
        ])
        return JSONValue.fields(["stream": .string(symbol + "@bookTicker"), "data": data]).serializedString()
    }

    /// The `24hrTicker` of `@ticker`, wrapped.
    private static func ticker(_ book: ExchangeBook, now: Date) -> String {
        let symbol = book.exchange.symbol(for: book.pair)
        let change = book.change
        let data = JSONValue.fields([
            "e": .string("24hrTicker"), "E": .integer(ExchangeClockText.milliseconds(now)), "s": .string(symbol.uppercased()),
            "p": .string(padded(change.absolute)), "P": .string(change.percent.text), "c": .string(padded(book.last)),
            "Q": .string(book.lastSize.text), "b": .string(padded(book.bid)), "B": .string(book.bidSize.text), "a": .string(padded(book.ask)),
            "A": .string(book.askSize.text), "o": .string(padded(book.open)), "h": .string(padded(book.high)), "l": .string(padded(book.low)),
            "v": .string(book.volume.text), "n": .integer(Int64(book.trades)),
        ])
        return JSONValue.fields(["stream": .string(symbol + "@ticker"), "data": data]).serializedString()
    }
}
