import Foundation

/// Gemini's current socket (`exchange-feeds-more.md` §2.4): nothing on connect; `subscribe` with
/// stream names, answered `{"id":N,"status":200}` and here followed by each stream's current
/// `bookTicker`; one stream name that is not a listed `<symbol>@bookTicker` rejects the whole
/// frame with -1013; `ping` is answered with status 200 and other methods with -1020. The
/// `bookTicker` frame has no `e`; `E` is in nanoseconds; prices are strings padded with a zero
/// (`77401.500`). The server beats with WebSocket pings (the heartbeat schedule).
enum GeminiWire: ExchangeWire {
    /// Gemini documents no notice: the socket is closed (1001).
    static let maintenanceNotice: String? = nil

    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] { [] }

    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        guard let request = try? JSONParser.parse(text), request.objectMembers != nil else {
            return [#"{"id":null,"status":400,"error":{"code":-1020,"msg":"Unsupported operation"}}"#]
        }
        let id = answerID(request["id"])
        let streams = request["params"]?.arrayElements?.compactMap(\.stringValue) ?? []
        switch (request["method"]?.stringValue ?? "").lowercased() {
        case "ping":
            return [#"{"id":\#(id),"status":200}"#]
        case "subscribe":
            var pairs: [ExchangePair] = []
            for stream in streams {
                let parts = stream.split(separator: "@", maxSplits: 1).map(String.init)
                guard parts.count == 2, parts[1] == "bookTicker", let pair = ExchangeListing.pair(forSymbol: parts[0], on: .gemini),
                    state.isListed(pair, on: .gemini)
                else {
                    return [
                        JSONValue.fields([
                            "id": .number(id), "status": .integer(400),
                            "error": .fields(["code": .integer(-1013), "msg": .string("Invalid stream name: \(stream)")]),
                        ]).serializedString()
                    ]
                }
                pairs.append(pair)
            }
            var replies = [#"{"id":\#(id),"status":200}"#]
            for pair in pairs where !session.follows(pair) {
                guard let book = state.book(pair, on: .gemini) else { continue }
                session.follow(pair)
                // One instant for the frame and the log, so the time sent is the time logged.
                let now = state.now
                replies.append(bookTicker(book, now: now))
                state.log.sent(sentQuote(book, snapshot: true, now: now))
            }
            return replies
        case "unsubscribe":
            for stream in streams {
                let symbol = String(stream.prefix { $0 != "@" })
                session.pairs.removeAll { SimulatedExchange.gemini.symbol(for: $0) == symbol }
            }
            return [#"{"id":\#(id),"status":200}"#]
        default:
            return [#"{"id":\#(id),"status":400,"error":{"code":-1020,"msg":"Unsupported operation"}}"#]
        }
    }

    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String] {
        [bookTicker(book, now: now)]
    }

    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote {
        let nanoseconds = nanoseconds(now)
        return ExchangeSentQuote(
            exchange: .gemini, pair: book.pair, bid: padded(book.bid), bidSize: book.bidSize.text, ask: padded(book.ask),
            askSize: book.askSize.text, last: nil, lastSize: nil,
            time: Double(nanoseconds / 1_000_000_000) + Double(nanoseconds % 1_000_000_000) / 1_000_000_000)
    }

    /// The answer's id: the request's as a number (`"1"` comes back as `1`); `null` without one.
    private static func answerID(_ value: JSONValue?) -> String {
        switch value {
        case .number(let text): text
        case .string(let text) where UInt64(text) != nil: text
        default: "null"
        }
    }

    /// A price with one zero more than the tick: `77401.500`.
    static func padded(_ price: DecimalText) -> String {
        DecimalText(units: price.units * 10, decimals: price.decimals + 1).text
    }

    /// Unix nanoseconds at microsecond precision, as an integer.
    static func nanoseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down)) * 1000
    }

    /// `{"u":…,"E":…,"s":"btcusd","b":…,"B":…,"a":…,"A":…}`.
    private static func bookTicker(_ book: ExchangeBook, now: Date) -> String {
        JSONValue.fields([
            "u": .integer(book.sequence), "E": .integer(nanoseconds(now)), "s": .string(SimulatedExchange.gemini.symbol(for: book.pair)),
            "b": .string(padded(book.bid)), "B": .string(book.bidSize.text), "a": .string(padded(book.ask)), "A": .string(book.askSize.text),
        ]).serializedString()
    }
}
