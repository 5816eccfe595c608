/// Timing and limits of a `PriceFeed`; the defaults follow the service's documentation.
public struct PriceFeedConfiguration: Sendable, Equatable {
    /// Reconnect delays (5 s floor, 60 s cap, reset after a stable minute).
    public var backoff: Backoff
    /// Silence after which the feed reports `.stale` (the server sends a heartbeat every 30 s;
    /// missing two means the data may be old).
    public var staleAfter: Duration
    /// Silence after which the feed drops the connection and reconnects.
    public var watchdogTimeout: Duration
    /// The least delay after a 429 refusal: the service blocks fast reconnectors for a minute.
    public var rateLimitDelay: Duration
    /// How many 429 refusals in a row are retried before the feed gives up.
    public var rateLimitRetries: Int
    /// How many identical protocol failures in a row (a bad handshake, an HTTP error on the
    /// upgrade) end the feed; network failures are retried for as long as they last.
    public var protocolFailureRetries: Int
    /// How many events may wait for a slow consumer. Reading `eventBatches`, the feed then stops
    /// reading from the connection until the consumer has caught up by half (TCP flow control
    /// slows the server), so no update is dropped. Reading `events`, the oldest are dropped; each
    /// update carries the pair's full state, so a dropped update loses no information once a
    /// newer one for the same pair is read. Either way memory stays bounded.
    public var eventBufferLimit: Int
    /// The figures of price updates the feed reads; the others are stepped over unparsed and never
    /// appear in snapshots. A consumer that shows a few figures names them and saves most of the
    /// parsing; the default reads everything.
    public var fields: PriceFieldSet

    /// Creates a configuration.
    public init(
        backoff: Backoff = Backoff(),
        staleAfter: Duration = .seconds(65),
        watchdogTimeout: Duration = .seconds(90),
        rateLimitDelay: Duration = .seconds(60),
        rateLimitRetries: Int = 3,
        protocolFailureRetries: Int = 3,
        eventBufferLimit: Int = 2_048,
        fields: PriceFieldSet = .all
    ) {
        self.backoff = backoff
        self.staleAfter = staleAfter
        self.watchdogTimeout = watchdogTimeout
        self.rateLimitDelay = rateLimitDelay
        self.rateLimitRetries = rateLimitRetries
        self.protocolFailureRetries = protocolFailureRetries
        self.eventBufferLimit = eventBufferLimit
        self.fields = fields
    }

    /// The reconnect rules `SessionPolicy` follows: `rateLimitRetries` 429s waited out, an
    /// unreachable server retried for as long as it lasts.
    var sessionRules: SessionPolicy.Rules {
        SessionPolicy.Rules(
            backoff: backoff, rateLimitDelay: rateLimitDelay, rateLimitRetries: rateLimitRetries, protocolFailureRetries: protocolFailureRetries)
    }

    /// The deadlines of one connection: stale, then the watchdog; the streamer needs no keepalive
    /// (it sends a heartbeat every 30 s).
    var watchRules: SessionWatch.Rules {
        SessionWatch.Rules(staleAfter: staleAfter < watchdogTimeout ? staleAfter : nil, watchdogTimeout: watchdogTimeout)
    }
}
