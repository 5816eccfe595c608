/// Timing and limits of an `ExchangeFeed`; the defaults follow the exchanges' documentation.
public struct ExchangeFeedConfiguration: Sendable, Equatable {
    /// Reconnect delays. Exchanges allow faster reconnects than CryptoCompare's 5 s floor
    /// (Coinbase 8 connects a second, Kraken about 150 per 10 minutes), so the floor is 1 s;
    /// Bitfinex allows 20 connects a minute, so its floor is 3 s (see `defaults(for:)`).
    public var backoff: Backoff
    /// Silence after which the feed sends the adapter's keepalive, if the exchange has one (Kraken
    /// `ping`, Bitstamp `bts:heartbeat`, Bitfinex `ping`). Kraken sends a heartbeat every second
    /// and Bitfinex every 15 s, so a quiet socket this long is already suspicious.
    public var keepaliveAfter: Duration
    /// Silence after which the feed drops the connection and opens a new one. Long enough for a
    /// keepalive's answer, short enough that a silent exchange is back within a minute.
    public var watchdogTimeout: Duration
    /// The least delay after the exchange refused the upgrade with 429.
    public var rateLimitDelay: Duration
    /// How long a new connection may stay without any message (not even the subscription's
    /// acknowledgement) before the feed says so, once per connection: an exchange that accepts
    /// the socket and never answers the subscribe is otherwise invisible until the watchdog.
    public var firstDataPatience: Duration
    /// How many identical protocol failures in a row (a bad handshake, an HTTP error on the
    /// upgrade) end the feed; network failures are retried for as long as they last.
    public var protocolFailureRetries: Int
    /// How many failed connects in a row, before the first connection ever opened, end the feed:
    /// an exchange that cannot be reached at all is reported as such instead of being retried for
    /// ever beside the others. Once connected, drops are retried for as long as they last.
    public var firstConnectAttempts: Int
    /// How many events may wait for a slow consumer before the feed stops reading the socket.
    public var eventBufferLimit: Int
    /// How often `events` hands over what waited: a frame of the screens (20 a second), so a
    /// consumer wakes at most that often however fast the market talks.
    public var frameInterval: Duration

    /// Creates a configuration.
    public init(
        backoff: Backoff = Backoff(initialDelay: .seconds(1), maximumDelay: .seconds(30), stableAfter: .seconds(60)),
        keepaliveAfter: Duration = .seconds(20),
        watchdogTimeout: Duration = .seconds(40),
        rateLimitDelay: Duration = .seconds(60),
        firstDataPatience: Duration = .seconds(5),
        protocolFailureRetries: Int = 3,
        firstConnectAttempts: Int = 4,
        eventBufferLimit: Int = 4_096,
        frameInterval: Duration = .milliseconds(50)
    ) {
        self.backoff = backoff
        self.keepaliveAfter = keepaliveAfter
        self.watchdogTimeout = watchdogTimeout
        self.rateLimitDelay = rateLimitDelay
        self.firstDataPatience = firstDataPatience
        self.protocolFailureRetries = protocolFailureRetries
        self.firstConnectAttempts = firstConnectAttempts
        self.eventBufferLimit = eventBufferLimit
        self.frameInterval = frameInterval
    }

    /// The defaults for `exchange`: Bitfinex's reconnect floor is 3 s (20 connects a minute).
    public static func defaults(for exchange: Exchange) -> ExchangeFeedConfiguration {
        var configuration = ExchangeFeedConfiguration()
        if exchange == .bitfinex {
            configuration.backoff = Backoff(initialDelay: .seconds(3), maximumDelay: .seconds(30), stableAfter: .seconds(60))
        }
        return configuration
    }

    /// The reconnect rules `SessionPolicy` follows: 429s waited out for as long as they last, an
    /// exchange never reached given up after `firstConnectAttempts`.
    var sessionRules: SessionPolicy.Rules {
        SessionPolicy.Rules(
            backoff: backoff, rateLimitDelay: rateLimitDelay, rateLimitRetries: nil, protocolFailureRetries: protocolFailureRetries,
            firstConnectAttempts: firstConnectAttempts)
    }

    /// The deadlines of one connection; `keepalive` when the exchange has a keepalive message.
    func watchRules(keepalive: Bool) -> SessionWatch.Rules {
        SessionWatch.Rules(
            keepaliveAfter: keepalive ? min(keepaliveAfter, watchdogTimeout) : nil, watchdogTimeout: watchdogTimeout,
            firstDataPatience: firstDataPatience)
    }
}
