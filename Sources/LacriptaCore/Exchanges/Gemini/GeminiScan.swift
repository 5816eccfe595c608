/// What the Gemini parser read from one message, before deciding what it is.
///
/// A `bookTicker` frame has no `e` (Binance's streams have one): it is told by its book keys
/// (`u`, `B`, `A`). Answers to requests are `{"id":N,"status":200}`, or a status of 400 with
/// `error: {code, msg}`.
struct GeminiScan {
    /// The JSON keys the parser reads; every other key is skipped.
    enum Key: Sendable {
        case id, status, error, updateID, eventTime, symbol, bid, bidSize, ask, askSize
    }

    /// Whether the message had a book key (`u`, `B` or `A`).
    var isBook = false
    /// The pair index of `s`, nil when it names a symbol not followed.
    var pair: Int?
    /// Whether the frame had an `s` at all.
    var hasSymbol = false
    /// The request id an answer repeats (a number; sent as a string or a number).
    var id: Int64?
    var status: Int64?
    /// `error.code` and `error.msg`.
    var errorCode: Int64?
    var errorMessage: String?
    var bid: QuoteNumber?
    var bidSize: QuoteNumber?
    var ask: QuoteNumber?
    var askSize: QuoteNumber?
    /// `E`: Unix nanoseconds, above 2^53, so read as an integer and never as a `Double`.
    var eventTime: Int64?

    static let keyNames: [(name: String, value: Key)] = [
        ("id", .id), ("status", .status), ("error", .error), ("u", .updateID), ("E", .eventTime), ("s", .symbol), ("b", .bid), ("B", .bidSize),
        ("a", .ask), ("A", .askSize),
    ]
}
