import Foundation
import LacriptaNet
import LacriptaWebSocket

/// Streams one exchange's public quotes for a set of pairs over one WebSocket connection.
///
/// The feed runs an `ExchangeAdapter` on a connection it keeps open: it connects, sends the
/// adapter's subscribe messages, and hands every message to the adapter where the bytes arrive,
/// on the connection's own thread (`ExchangeSessionReader`); what the adapter reads is left in
/// `handover`, for a screen to take once a frame (`.latest`: the newest quote of each pair) or for
/// lines to take in order (`.everything`). It sends what the adapter asks (Bitfinex's
/// resubscriptions after maintenance). It opens a new connection, with a fresh adapter, after a
/// drop, when the exchange asks for one (Bitstamp `bts:request_reconnect`, Bitfinex 20051, Kraken
/// maintenance), and after `watchdogTimeout` of silence; before giving up on a quiet socket it
/// sends the exchange's keepalive, whose answer counts as life. When to reconnect and when to give
/// up is `SessionPolicy`'s decision.
///
/// A pair the exchange refuses ("not listed") is reported once and left out of later
/// subscriptions; when every pair is refused the feed ends, because there is nothing to wait
/// for. A connect that cannot succeed (a refused upgrade, a bad URL) ends the feed with
/// `.connection(.failed(reason:))`. Malformed messages are counted and skipped.
///
/// ```swift
/// let feed = ExchangeFeed(exchange: .kraken, url: url, pairs: [pair], client: client, keeping: .latest)
/// await feed.start()
/// for try await events in feed.events { ... }   // one take a frame; ending the loop stops nothing
/// ```
public actor ExchangeFeed {
    /// The exchange this feed reads.
    public nonisolated let exchange: Exchange
    /// The pairs asked for, in order.
    public nonisolated let pairs: [TradingPair]
    /// Where the connection's thread leaves what it read, for the consumer to take. Finishes after
    /// `stop()`, when every pair was refused, or when the feed gave up connecting.
    public nonisolated let handover: QuoteHandover<QuoteKey, ExchangeFeedEvent>
    let client: any WebSocketClient
    let url: URL
    let clock: FeedClock
    let configuration: ExchangeFeedConfiguration
    var random: any RandomNumberGenerator & Sendable
    /// When to reconnect and when to give up.
    var policy: SessionPolicy
    /// Counters and refused pairs, shared with the connection's thread.
    let shared = Locked(ExchangeFeedShared())

    var runTask: Task<Void, Never>?
    /// The open connection, while there is one.
    var connection: (any WebSocketConnection)?
    var isFinished = false
    var stopCloseCode: CloseCode = .goingAway
    /// The live connection's keepalive, first-data and watchdog deadlines.
    var schedule: SessionWatch

    /// Creates a feed; nothing happens until `start()`.
    ///
    /// - Parameters:
    ///   - exchange: whose protocol to speak.
    ///   - url: the feed's URL (`Exchange.defaultURL` unless configured).
    ///   - pairs: the pairs to follow; duplicates are dropped.
    ///   - client: opens WebSocket connections.
    ///   - clock: time source for backoff, keepalive and watchdog.
    ///   - configuration: timing and limits (`ExchangeFeedConfiguration.defaults(for:)` if nil).
    ///   - random: the jitter source for reconnect delays.
    ///   - keeping: `.latest` for a screen (the newest quote per pair), `.everything` for lines.
    ///   - doorbell: shared by feeds one consumer reads together (`events(of:)`); own by default.
    public init(
        exchange: Exchange, url: URL, pairs: [TradingPair], client: any WebSocketClient, clock: any Clock<Duration> = ContinuousClock(),
        configuration: ExchangeFeedConfiguration? = nil, random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        keeping: QuoteHandover<QuoteKey, ExchangeFeedEvent>.Keeping = .everything, doorbell: HandoverDoorbell = HandoverDoorbell()
    ) {
        let configuration = configuration ?? .defaults(for: exchange)
        handover = QuoteHandover(keeping: keeping, limit: configuration.eventBufferLimit, doorbell: doorbell)
        self.exchange = exchange
        var seen = Set<TradingPair>()
        self.pairs = pairs.filter { seen.insert($0).inserted }
        self.url = url
        self.client = client
        self.clock = FeedClock(clock)
        self.configuration = configuration
        self.random = random
        policy = SessionPolicy(rules: configuration.sessionRules)
        schedule = SessionWatch(rules: configuration.watchRules(keepalive: false), openedAt: .zero)
    }

    /// What the feed reads, taken at most once per `ExchangeFeedConfiguration.frameInterval`:
    /// each element is everything that waited. Finishes when the feed ends. One consumer.
    public nonisolated var events: AsyncThrowingStream<[ExchangeFeedEvent], any Error> {
        handover.takes(every: configuration.frameInterval)
    }

    /// What several feeds made with one doorbell read, taken together at most once a frame: a
    /// screen comparing four exchanges wakes twenty times a second, not eighty. Each element is one
    /// take, by exchange (with the feeds that ended in it); the stream ends when every feed has.
    public static func events(of feeds: [ExchangeFeed]) -> AsyncThrowingStream<[HandoverTake<Exchange, ExchangeFeedEvent>], any Error> {
        let interval = feeds.first?.configuration.frameInterval ?? .milliseconds(50)
        return QuoteHandover.takes(from: feeds.map { (tag: $0.exchange, handover: $0.handover) }, every: interval)
    }

    /// Starts connecting. Calling it again, or after `stop()`, does nothing.
    public func start() {
        guard runTask == nil, !isFinished else { return }
        runTask = Task { await self.runSessions() }
    }

    /// Stops the feed: ends `handover` (what waits is still taken), closes the connection with
    /// `closeCode` and waits for the work to end.
    public func stop(closeCode: CloseCode = .normalClosure) async {
        if !isFinished { stopCloseCode = closeCode }
        isFinished = true
        // First, so a connection thread waiting for room goes on and can close.
        handover.finish()
        // Closed before the reading task is cancelled: a cancelled reader makes the client close
        // with 1001 "going away", and a user quitting is a normal closure.
        if let connection { await connection.close(code: stopCloseCode) }
        let task = runTask
        task?.cancel()
        await task?.value
    }

    /// Counters: messages, quotes, malformed messages, keepalives, connections, reconnects.
    public var statistics: ExchangeFeedStatistics {
        shared.withLock { $0.statistics }
    }

    /// Pairs the exchange refused; they are not subscribed again.
    public var refused: Set<TradingPair> {
        shared.withLock { $0.refused }
    }

    /// The pairs still to subscribe: those asked for and not refused.
    public var followed: [TradingPair] {
        let refused = refused
        return pairs.filter { !refused.contains($0) }
    }

    /// Time since the feed was created, on its clock.
    public var elapsed: Duration {
        clock.now()
    }

    /// Hands events to the consumer.
    func deliver(_ events: [ExchangeFeedEvent]) {
        guard !events.isEmpty, !isFinished else { return }
        handover.put(events, key: ExchangeFeedEvent.quoteKey)
    }

    /// Ends the hand-over.
    func finish() {
        isFinished = true
        handover.finish()
    }
}

/// What the feed and its connection's thread share, under a lock.
struct ExchangeFeedShared: Sendable {
    var statistics = ExchangeFeedStatistics()
    var refused: Set<TradingPair> = []
}

extension ExchangeFeedEvent {
    /// The key of a quote (a newer one replaces it for a screen); nil for every other event.
    @inline(__always)
    public static func quoteKey(_ event: ExchangeFeedEvent) -> QuoteKey? {
        guard case .message(.quote(let quote)) = event else { return nil }
        return QuoteKey(market: .exchange(quote.exchange), pair: quote.pair)
    }
}
