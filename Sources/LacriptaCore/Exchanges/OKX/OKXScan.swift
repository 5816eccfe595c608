/// What the OKX parser read from the top level of one message, before deciding what it is.
///
/// Pushes are `{"arg":{"channel":…,"instId":…},"data":[{…}]}`; events (acks, errors, notices)
/// carry `event`. `arg` comes first in every capture, but nothing promises it: when `data` comes
/// before it, its span is kept and read once the channel is known.
struct OKXScan {
    /// The channels the adapter reads; any other is `.other`.
    enum Channel: Sendable {
        case bbo, tickers, other
    }

    /// The events the adapter tells apart; any other is `.other`.
    enum Event: Sendable {
        case subscribe, error, notice, other
    }

    /// The top-level keys the parser reads.
    enum Key: Sendable {
        case arg, data, event, code, message, id
    }

    /// The keys of one `data` entry of either channel.
    enum EntryKey: Sendable {
        case asks, bids, time, last, lastSize, askPrice, askSize, bidPrice, bidSize, open, high, low, volume
    }

    var channel: Channel?
    var event: Event?
    /// The pair index of `arg.instId`, nil when it names an instrument not followed.
    var pair: Int?
    /// Whether `arg` had an `instId`.
    var hasInstrument = false
    /// `code`, a string of digits on OKX (`"60018"`).
    var code: String?
    var message: String?
    /// The request `id` an event repeats.
    var id: String?
    /// Where `data` is, when it came before `arg`.
    var deferredData: Range<Int>?
    /// Whether `data` was read.
    var dataRead = false

    static let keyNames: [(name: String, value: Key)] = [
        ("arg", .arg), ("data", .data), ("event", .event), ("code", .code), ("msg", .message), ("id", .id),
    ]

    static let entryKeyNames: [(name: String, value: EntryKey)] = [
        ("asks", .asks), ("bids", .bids), ("ts", .time), ("last", .last), ("lastSz", .lastSize), ("askPx", .askPrice), ("askSz", .askSize),
        ("bidPx", .bidPrice), ("bidSz", .bidSize), ("open24h", .open), ("high24h", .high), ("low24h", .low), ("vol24h", .volume),
    ]

    static let channelNames: [(name: String, value: Channel)] = [("bbo-tbt", .bbo), ("tickers", .tickers)]

    static let eventNames: [(name: String, value: Event)] = [("subscribe", .subscribe), ("error", .error), ("notice", .notice)]
}
