/// What the CEX.IO parser read from one message, before deciding what it is.
///
/// Every message is `{"e":…,"oid":…,"data":{…},"ok":"ok"}`; `e` comes first in every capture,
/// but nothing promises it, so a `data` read before `e` is kept as a span and read after.
struct CEXScan {
    /// The events (`e`) the adapter tells apart; any other is `.other`.
    enum Event: Sendable {
        case connected, disconnected, pong, subscribe, unsubscribe, increment, ticker, other
    }

    /// The top-level keys the parser reads.
    enum Key: Sendable {
        case event, oid, data
    }

    /// The keys of a book `data` object.
    enum BookKey: Sendable {
        case sequence, pair, bids, asks, error
    }

    /// The keys of one pair's entry in a `get_ticker` reply.
    enum TickerKey: Sendable {
        case bestBid, bestAsk, last, lastTradePrice
    }

    var event: Event?
    /// The request id, as sent back; its leading number names the pair (`1_…` is the first).
    var oid: Range<Int>?
    /// Where `data` is, when it came before `e`.
    var deferredData: Range<Int>?
    /// Whether `data` was read.
    var dataRead = false
    /// A book frame's `seqId`.
    var sequence: Int64?
    /// The pair index of a book frame's `pair`, nil when it names a pair not followed.
    var pair: Int?
    /// Whether a book frame named a pair at all.
    var hasPair = false
    /// `data.error`, when the request was refused.
    var error: String?
    /// Whether a book frame had `bids` and `asks`.
    var hasBids = false
    var hasAsks = false

    static let keyNames: [(name: String, value: Key)] = [("e", .event), ("oid", .oid), ("data", .data)]

    static let bookKeyNames: [(name: String, value: BookKey)] = [
        ("seqId", .sequence), ("pair", .pair), ("bids", .bids), ("asks", .asks), ("error", .error),
    ]

    static let tickerKeyNames: [(name: String, value: TickerKey)] = [
        ("bestBid", .bestBid), ("bestAsk", .bestAsk), ("last", .last), ("lastTradePrice", .lastTradePrice),
    ]

    static let eventNames: [(name: String, value: Event)] = [
        ("connected", .connected), ("disconnected", .disconnected), ("pong", .pong), ("order_book_subscribe", .subscribe),
        ("order_book_unsubscribe", .unsubscribe), ("order_book_increment", .increment), ("get_ticker", .ticker),
    ]
}
