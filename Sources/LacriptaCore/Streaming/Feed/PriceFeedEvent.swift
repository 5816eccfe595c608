/// What a `PriceFeed` reports while it runs. Terminal failures are not events: the stream
/// finishes by throwing a `PriceFeedError`.
///
/// Strings inside (`ServerNotice`, `InvalidSubscription.info`, welcome text) come from the server:
/// sanitize before display.
public enum PriceFeedEvent: Sendable, Equatable {
    /// The connection state changed.
    case state(FeedState)
    /// The server greeted a new connection.
    case welcome(StreamerWelcome)
    /// A price message was merged: the pair's full state and what changed.
    case update(PriceChange)
    /// The server confirmed a subscription (TYPE 16).
    case subscribed(Subscription)
    /// The server confirmed a removal (TYPE 17).
    case unsubscribed(Subscription)
    /// All subscriptions of one request are loaded (TYPE 3).
    case loadComplete
    /// The server rejected a subscription (500 INVALID_SUB); the feed drops it, others continue.
    case invalidSubscription(InvalidSubscription)
    /// The server refused a connection or a request for a limit (429); see `ServerNotice.kind`.
    /// For too many sockets, tell the user that free API keys allow one streaming connection.
    case rateLimited(ServerNotice)
    /// Another server error that does not end the connection (500 other than INVALID_SUB and
    /// FORCE_DISCONNECT).
    case serverNotice(ServerNotice)
    /// A connection attempt to `source` ("the streamer", or an exchange's name) failed; `reason`
    /// is the client's own description (never header values, never the key).
    case connectFailed(source: String, reason: String)
    /// A connection to `source` (an exchange's name) opened, and nothing at all has arrived on it
    /// in `after`: the market accepted the socket but does not answer the subscribe.
    case noDataYet(source: String, after: Duration)
}

/// The connection state of a `PriceFeed`.
public enum FeedState: Sendable, Equatable {
    /// Opening a connection; `attempt` counts attempts since the feed was last live (1 = first).
    case connecting(attempt: Int)
    /// Connected and receiving.
    case live
    /// The connection ended; the next attempt starts after `nextIn`.
    case reconnecting(attempt: Int, nextIn: Duration, reason: DisconnectReason)
    /// Connected, but nothing (not even a heartbeat) arrived for `age`; prices may be old.
    case stale(age: Duration)
}

/// Why a connection ended.
public enum DisconnectReason: Sendable, Equatable {
    /// The connection could not be opened.
    case connectFailed
    /// The connection broke (error from the transport).
    case connectionLost
    /// The server closed the connection cleanly.
    case closedByServer
    /// The server sent 500 FORCE_DISCONNECT.
    case forceDisconnect
    /// Nothing arrived for the watchdog timeout, so the feed gave up on the connection.
    case silence
    /// The server refused with 429 (too many sockets or connections too fast).
    case rateLimited
}

/// A subscription the server rejected.
public struct InvalidSubscription: Sendable, Equatable {
    /// The rejected channel as the server named it in `PARAMETER` (untrusted text).
    public var parameter: String
    /// The parsed subscription, when `parameter` has the `TYPE~MARKET~FROM~TO` form.
    public var subscription: Subscription?
    /// The server's explanation (untrusted text).
    public var info: String?

    /// Creates a record.
    public init(parameter: String, subscription: Subscription?, info: String?) {
        self.parameter = parameter
        self.subscription = subscription
        self.info = info
    }
}

/// Counters a `PriceFeed` keeps for diagnostics and tests.
public struct FeedStatistics: Sendable, Equatable {
    /// Frames received.
    public var messages = 0
    /// Price messages merged.
    public var updates = 0
    /// Heartbeats received.
    public var heartbeats = 0
    /// Frames that were not well-formed messages (skipped).
    public var malformed = 0
    /// Messages of a TYPE the feed ignores.
    public var unknown = 0
    /// Connections opened.
    public var connections = 0
    /// Reconnects scheduled.
    public var reconnects = 0

    /// All zero.
    public init() {}
}
