import Foundation
import LacriptaNet
import LacriptaWebSocket

/// Streams one exchange's public quotes for a set of pairs over one WebSocket connection.
///
/// The feed runs an `ExchangeAdapter` on a connection it keeps open: it connects, sends the
/// adapter's subscribe messages, hands every message to the adapter, sends what the adapter asks
/// (Bitfinex's resubscriptions after maintenance) and reports the adapter's events. It opens a
/// new connection, with a fresh adapter, after a drop, when the exchange asks for one (Bitstamp
/// `bts:request_reconnect`, Bitfinex 20051, Kraken maintenance), and after `watchdogTimeout` of
/// silence; before giving up on a quiet socket it sends the exchange's keepalive, whose answer
/// counts as life. Reconnects back off with jitter, as the streamer's do (`Backoff`).
///
/// A pair the exchange refuses ("not listed") is reported once and left out of later
/// subscriptions; when every pair is refused the feed ends, because there is nothing to wait
/// for. A connect that cannot succeed (a refused upgrade, a bad URL) ends the feed with
/// `.connection(.failed(reason:))`. Malformed messages are counted and skipped.
///
/// ```swift
/// let feed = ExchangeFeed(exchange: .kraken, url: url, pairs: [pair], client: client)
/// await feed.start()
/// for await batch in feed.events { ... }   // ending the loop stops the feed
/// ```
public actor ExchangeFeed {
    /// The exchange this feed reads.
    public nonisolated let exchange: Exchange
    /// The pairs asked for, in order.
    public nonisolated let pairs: [TradingPair]
    /// Everything the feed reports, grouped as produced (the events of one socket read together).
    /// Finishes after `stop()`, when every pair was refused, or when the feed gave up connecting.
    /// A slow consumer makes the feed pause reading; nothing is dropped.
    public nonisolated let events: BatchStream<[ExchangeFeedEvent]>
    let continuation: AsyncThrowingStream<[ExchangeFeedEvent], any Error>.Continuation
    let window: EventWindow
    let client: any WebSocketClient
    let url: URL
    let clock: FeedClock
    let configuration: ExchangeFeedConfiguration
    var random: any RandomNumberGenerator & Sendable
    /// When to reconnect and when to give up.
    var policy: SessionPolicy

    /// Counters: messages, quotes, malformed messages, keepalives, connections, reconnects.
    public internal(set) var statistics = ExchangeFeedStatistics()
    /// Pairs the exchange refused; they are not subscribed again.
    public internal(set) var refused: Set<TradingPair> = []

    var runTask: Task<Void, Never>?
    /// Takes the events in place of `events`, when set.
    var handler: (@Sendable ([ExchangeFeedEvent]) -> Void)?
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
    public init(
        exchange: Exchange, url: URL, pairs: [TradingPair], client: any WebSocketClient, clock: any Clock<Duration> = ContinuousClock(),
        configuration: ExchangeFeedConfiguration? = nil, random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        let configuration = configuration ?? .defaults(for: exchange)
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: [ExchangeFeedEvent].self, throwing: (any Error).self)
        let window = EventWindow(limit: configuration.eventBufferLimit)
        events = BatchStream(batches) { window.taken($0.count) }
        self.window = window
        self.continuation = continuation
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
        continuation.onTermination = { [weak self] _ in
            window.close()
            guard let self else { return }
            Task { await self.stop(closeCode: .goingAway) }
        }
    }

    /// Hands every batch of events to `handler`, on the feed, in order, instead of through `events`
    /// (which then only finishes when the feed ends). Set it before `start()`.
    ///
    /// A consumer that only passes the events on (to a view's inbox) saves a task switch per
    /// message this way: at four exchanges' hundreds of quotes a second, that switch was most of
    /// `compare`'s CPU. The handler must not block.
    public func deliverEvents(to handler: @escaping @Sendable ([ExchangeFeedEvent]) -> Void) {
        self.handler = handler
    }

    /// Starts connecting. Calling it again, or after `stop()`, does nothing.
    public func start() {
        guard runTask == nil, !isFinished else { return }
        runTask = Task { await self.run() }
    }

    /// Stops the feed: closes the connection with `closeCode`, waits for the work to end and
    /// finishes `events`.
    public func stop(closeCode: CloseCode = .normalClosure) async {
        if !isFinished { stopCloseCode = closeCode }
        isFinished = true
        // Closed before the reading task is cancelled: a cancelled reader makes the client close
        // with 1001 "going away", and a user quitting is a normal closure.
        if let connection { await connection.close(code: stopCloseCode) }
        let task = runTask
        task?.cancel()
        await task?.value
        continuation.finish()
    }

    /// The pairs still to subscribe: those asked for and not refused.
    public var followed: [TradingPair] {
        pairs.filter { !refused.contains($0) }
    }

    /// Time since the feed was created, on its clock.
    public var elapsed: Duration {
        clock.now()
    }

    /// Hands events to the consumer in one piece.
    func deliver(_ events: [ExchangeFeedEvent]) {
        guard !events.isEmpty else { return }
        if let handler { return handler(events) }
        window.delivered(events.count)
        continuation.yield(events)
    }

    /// Ends the event stream.
    func finish() {
        isFinished = true
        continuation.finish()
    }
}
