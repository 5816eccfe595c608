/// What the Bitfinex parser read from one message.
///
/// Bitfinex sends two kinds of message: event objects (`info`, `subscribed`, `error`, …) and
/// channel arrays that carry only a channel id, `[CHANID,[…]]` or `[CHANID,"hb"]`.
struct BitfinexScan {
    /// The events the adapter tells apart; any other (`conf`) is `.other`.
    enum Event: Sendable {
        case info, subscribed, unsubscribed, error, pong, other
    }

    /// The keys of event objects the parser reads.
    enum Key: Sendable {
        case event, channel, chanID, symbol, code, message, platform
    }

    /// What a channel array carried after its id.
    enum Payload: Sendable {
        /// A ticker (the snapshot after the ack and every update have the same shape).
        case ticker(bid: QuoteNumber?, bidSize: QuoteNumber?, ask: QuoteNumber?, askSize: QuoteNumber?, last: QuoteNumber?)
        /// `"hb"`, the heartbeat every channel sends every 15 s.
        case heartbeat
        /// Anything else: another channel's updates (`"te"`, `"cs"`) or a nested snapshot.
        case other
    }

    var event: Event?
    var isTicker = false
    var chanID: Int64?
    var symbol: String?
    var code: Int64?
    var message: String?
    /// `platform.status` of `info`: 1 operative, 0 maintenance.
    var platformStatus: Int64?
    /// Set when the message was a channel array.
    var channelID: Int64?
    var payload = Payload.other

    static let keyNames: [(name: String, value: Key)] = [
        ("event", .event), ("channel", .channel), ("chanId", .chanID), ("symbol", .symbol), ("code", .code), ("msg", .message),
        ("platform", .platform),
    ]

    static let eventNames: [(name: String, value: Event)] = [
        ("info", .info), ("subscribed", .subscribed), ("unsubscribed", .unsubscribed), ("error", .error), ("pong", .pong),
    ]
}

/// The codes of Bitfinex `info` and `error` events the adapter acts on.
enum BitfinexCode {
    /// "Stopping. Please try to reconnect": the server is about to close the socket.
    static let reconnect: Int64 = 20051
    /// Maintenance begins: pause until `maintenanceEnded`.
    static let maintenanceStarted: Int64 = 20060
    /// Maintenance is over: resubscribe every channel.
    static let maintenanceEnded: Int64 = 20061
    /// "symbol: invalid", the refusal of a symbol Bitfinex does not list.
    static let invalidSymbol: Int64 = 10300
}
