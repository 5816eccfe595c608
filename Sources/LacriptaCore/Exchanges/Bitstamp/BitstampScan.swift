/// What the Bitstamp parser read from one message, before deciding what it is.
///
/// Book and trade frames put `data` first and `event` and `channel` after it, so everything the
/// adapter might want from `data` is read into this record and sorted out at the end.
struct BitstampScan {
    /// The events the adapter tells apart; any other is `.other`.
    enum Event: Sendable {
        case data, trade, subscriptionSucceeded, requestReconnect, error, heartbeat, other
    }

    /// The two channels a pair is followed on.
    enum ChannelKind: Sendable {
        case book, trades
    }

    /// A subscribed channel: which pair, and which half of its quote.
    struct Channel: Sendable {
        var pair: Int
        var kind: ChannelKind
    }

    /// The top-level keys and the keys of `data` the parser reads.
    enum Key: Sendable {
        case event, channel, data
        case timestamp, microtimestamp, bids, asks, priceText, amountText, price, amount, message
    }

    var event: Event?
    var channel: Channel?
    var bid: QuoteNumber?
    var bidSize: QuoteNumber?
    var ask: QuoteNumber?
    var askSize: QuoteNumber?
    var priceText: QuoteNumber?
    var amountText: QuoteNumber?
    var price: QuoteNumber?
    var amount: QuoteNumber?
    /// `microtimestamp`, in seconds.
    var microseconds: Double?
    /// `timestamp`, in seconds (whole seconds on books, milliseconds on 2026 perp trades).
    var timestamp: Double?
    var message: String?

    /// The exchange's time of the frame: the microsecond stamp when there is one.
    var time: Double? { microseconds ?? timestamp }

    static let keyNames: [(name: String, value: Key)] = [
        ("event", .event), ("channel", .channel), ("data", .data), ("timestamp", .timestamp), ("microtimestamp", .microtimestamp),
        ("bids", .bids), ("asks", .asks), ("price_str", .priceText), ("amount_str", .amountText), ("price", .price),
        ("amount", .amount), ("message", .message),
    ]

    static let eventNames: [(name: String, value: Event)] = [
        ("data", .data), ("trade", .trade), ("bts:subscription_succeeded", .subscriptionSucceeded),
        ("bts:request_reconnect", .requestReconnect), ("bts:error", .error), ("bts:heartbeat", .heartbeat),
    ]
}
