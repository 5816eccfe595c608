/// What the Kraken parser read from the top level of one message, before deciding what it is.
///
/// Kraken v2 writes `channel` before `data`, but nothing promises it; when `data` comes first its
/// span is kept and read once the channel is known.
struct KrakenScan {
    /// The channels the adapter tells apart; any other is `.other`.
    enum Channel: Sendable {
        case ticker, heartbeat, status, other
    }

    /// The methods of responses the adapter tells apart; any other is `.other`.
    enum Method: Sendable {
        case subscribe, pong, other
    }

    /// The top-level JSON keys the parser reads.
    enum Key: Sendable {
        case channel, data, method, success, error, symbol, result
    }

    /// The keys of one ticker or status entry in `data`.
    enum EntryKey: Sendable {
        case symbol, bid, bidQuantity, ask, askQuantity, last, timestamp, system, high, low, volume, change
    }

    var channel: Channel?
    var method: Method?
    var success: Bool?
    var error: String?
    var symbol: String?
    /// `result.symbol` of a subscribe response.
    var resultSymbol: String?
    /// Where `data` is, when it came before `channel`.
    var deferredData: Range<Int>?
    /// Whether `data` was read in place (the channel was already known).
    var dataRead = false
    /// Whether a status entry said the engine is in maintenance.
    var maintenance = false

    static let keyNames: [(name: String, value: Key)] = [
        ("channel", .channel), ("data", .data), ("method", .method), ("success", .success), ("error", .error),
        ("symbol", .symbol), ("result", .result),
    ]

    static let entryKeyNames: [(name: String, value: EntryKey)] = [
        ("symbol", .symbol), ("bid", .bid), ("bid_qty", .bidQuantity), ("ask", .ask), ("ask_qty", .askQuantity), ("last", .last),
        ("timestamp", .timestamp), ("system", .system), ("high", .high), ("low", .low), ("volume", .volume), ("change", .change),
    ]

    static let channelNames: [(name: String, value: Channel)] = [
        ("ticker", .ticker), ("heartbeat", .heartbeat), ("status", .status),
    ]

    static let methodNames: [(name: String, value: Method)] = [("subscribe", .subscribe), ("pong", .pong)]
}
