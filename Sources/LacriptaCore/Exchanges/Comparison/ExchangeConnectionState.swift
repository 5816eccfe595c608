/// Where one exchange's connection stands, as the compare view shows it.
public enum ExchangeConnectionState: Sendable, Equatable {
    /// Not connected yet: the first connect is under way.
    case connecting
    /// Connected; the subscription is not confirmed yet.
    case connected
    /// The exchange confirmed the subscription; no quote yet (Bitstamp may take seconds).
    case subscribed
    /// Quotes are arriving.
    case live
    /// The exchange announced maintenance; data is paused.
    case maintenance
    /// The connection was lost or the exchange asked for a new one; reconnecting.
    case reconnecting
    /// The exchange does not list the pair; there is nothing to wait for.
    case notListed
    /// The driver gave up on this exchange (a refused handshake, no route); `reason` is ours,
    /// not the wire's.
    case failed(reason: String)

    /// Whether quotes from this state may count towards the best bid and ask.
    var isLive: Bool { self == .live }

    /// Whether nothing more is expected from this exchange on this run.
    public var hasEnded: Bool {
        switch self {
        case .notListed, .failed: true
        default: false
        }
    }
}

/// What the connection's driver reports about the socket itself, which no message says.
public enum ExchangeConnectionChange: Sendable, Equatable {
    /// The WebSocket handshake succeeded and the subscribe messages were sent.
    case connected
    /// The socket closed or failed; the driver will try again.
    case lost
    /// The socket is open but nothing at all (not even the subscription's acknowledgement) has
    /// arrived in the `after` since it opened; said once per connection.
    case quiet(after: Duration)
    /// The driver stopped trying (`reason` is ours, e.g. "HTTP 451 at the upgrade").
    case failed(reason: String)
}
