/// What the Coinbase parser read from one message, before deciding what it is.
///
/// Keys may come in any order (`type` is first in every capture, but nothing promises it), so
/// the figures of every message are read into this record and classified at the end.
struct CoinbaseScan {
    /// The message types the adapter tells apart; any other is `.other`.
    enum Kind: Sendable {
        case ticker, heartbeat, subscriptions, error, other
    }

    /// The JSON keys the parser reads; every other key is skipped.
    enum Key: Sendable {
        case type, productID, price, bestBid, bestBidSize, bestAsk, bestAskSize, lastSize, time, message, reason, channels
        case open24h, high24h, low24h, volume24h
    }

    var kind: Kind?
    /// The pair index of `product_id`, nil when it names a product not followed.
    var pair: Int?
    /// Whether the message had a `product_id` at all.
    var hasProduct = false
    var price: QuoteNumber?
    var bestBid: QuoteNumber?
    var bestBidSize: QuoteNumber?
    var bestAsk: QuoteNumber?
    var bestAskSize: QuoteNumber?
    var lastSize: QuoteNumber?
    var open24h: QuoteNumber?
    var high24h: QuoteNumber?
    var low24h: QuoteNumber?
    var volume24h: QuoteNumber?
    var time: Double?
    var message: String?
    var reason: String?
    /// Pair indices named anywhere in a `subscriptions` ack, in the order first seen.
    var acknowledged: [Int] = []

    /// The wire names of `Key`.
    static let keyNames: [(name: String, value: Key)] = [
        ("type", .type), ("product_id", .productID), ("price", .price), ("best_bid", .bestBid), ("best_bid_size", .bestBidSize),
        ("best_ask", .bestAsk), ("best_ask_size", .bestAskSize), ("last_size", .lastSize), ("time", .time),
        ("message", .message), ("reason", .reason), ("channels", .channels), ("open_24h", .open24h), ("high_24h", .high24h),
        ("low_24h", .low24h), ("volume_24h", .volume24h),
    ]

    /// The wire names of `Kind`.
    static let kindNames: [(name: String, value: Kind)] = [
        ("ticker", .ticker), ("heartbeat", .heartbeat), ("subscriptions", .subscriptions), ("error", .error),
    ]
}
