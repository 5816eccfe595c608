/// What an `ExchangeFeed` reports while it runs.
///
/// Strings inside come from the wire (an exchange's error text): sanitize before display.
public enum ExchangeFeedEvent: Sendable, Equatable {
    /// What a message from the exchange meant (the adapter's event). `.send` never appears: the
    /// feed sends those itself.
    case message(ExchangeEvent)
    /// What happened to the socket: connected (and subscribed), lost, or given up on.
    case connection(ExchangeConnectionChange)
    /// The next connect starts after `nextIn`; `attempt` counts attempts since the feed was last
    /// connected (1 = the first retry).
    case reconnecting(attempt: Int, nextIn: Duration, reason: DisconnectReason)
}

/// Counters an `ExchangeFeed` keeps for diagnostics, tests and the bench.
public struct ExchangeFeedStatistics: Sendable, Equatable {
    /// Messages received.
    public var messages = 0
    /// Quotes read.
    public var quotes = 0
    /// Messages the adapter could not read (skipped).
    public var malformed = 0
    /// Keepalives sent.
    public var keepalives = 0
    /// Connections opened.
    public var connections = 0
    /// Reconnects scheduled.
    public var reconnects = 0

    /// All zero.
    public init() {}
}
