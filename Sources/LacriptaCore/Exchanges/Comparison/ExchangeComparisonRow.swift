import Foundation

/// One exchange's line of a comparison: its latest quote, its connection and when it was last
/// heard from. Times are the local receive times the driver stamps events with.
public struct ExchangeComparisonRow: Sendable, Equatable {
    /// The exchange.
    public let exchange: Exchange
    /// Where its connection stands.
    public internal(set) var state: ExchangeConnectionState = .connecting
    /// The latest quote for the compared pair, kept across reconnects (shown as stale).
    public internal(set) var quote: ExchangeQuote?
    /// When `quote` arrived.
    public internal(set) var lastUpdate: Date?
    /// When anything (a quote, a heartbeat, an ack) last arrived.
    public internal(set) var lastHeard: Date?
    /// When the socket first opened; nil while it never has.
    public internal(set) var firstConnected: Date?
    /// When the socket last opened.
    public internal(set) var lastConnected: Date?
    /// The latest error the exchange reported (or its refusal of the pair), from the wire:
    /// sanitize before display.
    public internal(set) var lastError: String?
    /// Messages that could not be read.
    public internal(set) var malformedCount = 0
    /// Whether the open socket has brought nothing at all since it opened, past the feed's
    /// patience (`ExchangeConnectionChange.quiet`).
    public internal(set) var noDataYet = false

    /// A row for an exchange that has not connected yet.
    public init(exchange: Exchange) {
        self.exchange = exchange
    }

    /// Whether the row has a quote older than `limit` at `now` (or any quote while the
    /// connection is not live: a quote from before a reconnect is history, not a price).
    public func isStale(at now: Date, after limit: Duration) -> Bool {
        guard quote != nil, let lastUpdate else { return false }
        return !state.isLive || now.timeIntervalSince(lastUpdate) > limit.timeInterval
    }

    /// Whether the quote may count towards the best bid and ask at `now`.
    public func isCurrent(at now: Date, staleAfter limit: Duration) -> Bool {
        quote != nil && state.isLive && !isStale(at: now, after: limit)
    }

    /// Whether the socket has not opened within `limit` of `start`, and has not been given up on.
    public func neverConnected(since start: Date, at now: Date, within limit: Duration) -> Bool {
        firstConnected == nil && !state.hasEnded && now.timeIntervalSince(start) > limit.timeInterval
    }

    /// Whether the socket is open (and the pair not refused) but no quote came within `limit` of
    /// connecting: Bitstamp's silent unknown symbol, or a feed that stalled before its first quote.
    public func isWaitingTooLong(at now: Date, within limit: Duration) -> Bool {
        guard quote == nil, let lastConnected else { return false }
        switch state {
        case .connected, .subscribed: return now.timeIntervalSince(lastConnected) > limit.timeInterval
        default: return false
        }
    }
}

extension Duration {
    /// The duration in seconds, for arithmetic with `Date`.
    var timeInterval: TimeInterval {
        let (whole, attoseconds) = components
        return TimeInterval(whole) + TimeInterval(attoseconds) / 1e18
    }
}
