/// What the Binance parser read from one message, before deciding what it is.
///
/// The combined stream wraps every event as `{"stream":"btcusdt@bookTicker","data":{…}}`; the raw
/// stream (`/ws/…`) sends the event bare. Both are read into the same record: the keys of `data`
/// and of a bare event are the event's. Control answers (`{"result":null,"id":1}`) and errors
/// (`{"code":2,"msg":"…"}`) sit at the top level.
struct BinanceScan {
    /// The event types (`e`) the adapter tells apart; any other is `.other`. `@bookTicker` has
    /// no `e` at all: it is told by its update id `u`.
    enum Kind: Sendable {
        case ticker, serverShutdown, other
    }

    /// The JSON keys the parser reads, top level and event alike; every other key is skipped.
    /// Binance's one-letter keys are case-sensitive: `b` is the bid price, `B` its size.
    enum Key: Sendable {
        case stream, data, result, id, code, message
        case event, eventTime, symbol, updateID, bid, bidSize, ask, askSize, last, lastSize, open, high, low, volume
    }

    var kind: Kind?
    /// The pair index of `s`, nil when it names a symbol not followed.
    var pair: Int?
    /// Whether the event had an `s` at all.
    var hasSymbol = false
    /// Whether the event had a book update id `u` (every `@bookTicker` frame has one).
    var hasUpdateID = false
    /// Whether the message had `result` (the answer to a control request, `null` for SUBSCRIBE).
    var hasResult = false
    /// The request id a control answer or error repeats.
    var id: Int64?
    /// An error's `code` and `msg`.
    var code: Int64?
    var message: String?
    var bid: QuoteNumber?
    var bidSize: QuoteNumber?
    var ask: QuoteNumber?
    var askSize: QuoteNumber?
    var last: QuoteNumber?
    var lastSize: QuoteNumber?
    var open: QuoteNumber?
    var high: QuoteNumber?
    var low: QuoteNumber?
    var volume: QuoteNumber?
    /// The event time `E`, Unix milliseconds.
    var eventTime: Int64?

    static let keyNames: [(name: String, value: Key)] = [
        ("stream", .stream), ("data", .data), ("result", .result), ("id", .id), ("code", .code), ("msg", .message), ("e", .event),
        ("E", .eventTime), ("s", .symbol), ("u", .updateID), ("b", .bid), ("B", .bidSize), ("a", .ask), ("A", .askSize), ("c", .last),
        ("Q", .lastSize), ("o", .open), ("h", .high), ("l", .low), ("v", .volume),
    ]

    static let kindNames: [(name: String, value: Kind)] = [("24hrTicker", .ticker), ("serverShutdown", .serverShutdown)]
}
