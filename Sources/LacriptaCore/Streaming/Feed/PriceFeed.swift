import Foundation
import LacriptaNet
import LacriptaWebSocket

/// Streams live prices from the CryptoCompare v2 streamer, keeping a merged `PriceBoard`.
///
/// The feed connects, subscribes, merges snapshots and partial updates, and reports through
/// `events`. It reconnects with `Backoff` after a drop, a `FORCE_DISCONNECT` or 90 s of silence,
/// resubscribing everything; the board survives reconnects, and each pair's `receivedAt` tells how
/// old its data is. A 401 ends the stream with `PriceFeedError.unauthorized`; a 429 waits at least a
/// minute before trying again and gives up after a few refusals.
///
/// ```swift
/// let feed = PriceFeed(client: client, url: configuration.streamerURL, apiKey: key, subscriptions: subs)
/// await feed.start()
/// for try await event in feed.events { ... }   // ending the loop stops the feed
/// ```
///
/// At high message rates read `eventBatches` instead: the same events, grouped per batch of
/// messages received together, so the consumer pays for one hand-over per batch instead of per
/// update. A consumer slower than the server makes the feed pause reading (see
/// `PriceFeedConfiguration.eventBufferLimit`); nothing is dropped.
///
/// The API key travels only in the `authorization: Apikey …` header of the upgrade request, never in
/// the URL, and the feed never logs or reports it.
public actor PriceFeed {
    /// Everything the feed reports, grouped as produced (the updates of one batch of received
    /// messages together). Finishes normally after `stop()`, or throws a `PriceFeedError`.
    /// Cancelling the consumer stops the feed and closes the connection. A slow consumer makes
    /// the feed pause reading; nothing is dropped.
    public nonisolated let eventBatches: BatchStream<[PriceFeedEvent]>
    /// `events`, made on first use.
    private nonisolated let flattened: Locked<AsyncThrowingStream<PriceFeedEvent, any Error>?> = Locked(nil)
    let continuation: AsyncThrowingStream<[PriceFeedEvent], any Error>.Continuation
    /// Events delivered and not yet taken by the consumer.
    let window: EventWindow
    let client: any WebSocketClient
    let url: URL
    let headers: [(name: String, value: String)]
    let clock: FeedClock
    let configuration: PriceFeedConfiguration
    let parser: StreamerParser
    /// Takes updates in place of `.update` events, when given.
    let updateSink: (any PriceUpdateSink)?
    var random: any RandomNumberGenerator & Sendable
    /// When to reconnect and when to give up.
    var policy: SessionPolicy
    var subscriptionList: SubscriptionList

    /// The merged state of every subscribed pair seen so far (updates for other pairs are dropped).
    public internal(set) var board: PriceBoard
    /// Counters: frames, updates, malformed frames, reconnects.
    public internal(set) var statistics = FeedStatistics()

    var connection: (any WebSocketConnection)?
    var runTask: Task<Void, Never>?
    var state: FeedState?
    /// The live connection's stale and watchdog deadlines.
    var schedule: SessionWatch
    var isFinished = false
    /// The close code sent when `stop` cancels the live connection.
    var stopCloseCode: CloseCode = .goingAway
    /// While true (during one received batch) `emit` collects into `collected`.
    var isCollecting = false
    /// Events of the batch being handled.
    var collected: [PriceFeedEvent] = []

    /// Creates a feed; nothing happens until `start()`.
    ///
    /// - Parameters:
    ///   - client: opens WebSocket connections (native, URLSession, or a fake in tests).
    ///   - url: the streamer URL, e.g. `wss://streamer.cryptocompare.com/v2`, without a key.
    ///   - apiKey: sent as the `authorization` header only; `nil` or empty sends none.
    ///   - subscriptions: the channels to subscribe on every connection.
    ///   - clock: time source for backoff, watchdog and ages.
    ///   - configuration: timing and limits.
    ///   - random: the jitter source for reconnect delays.
    ///   - updateSink: when given, takes every update synchronously instead of `.update` events.
    public init(
        client: any WebSocketClient,
        url: URL,
        apiKey: APIKey? = nil,
        subscriptions: [Subscription],
        clock: any Clock<Duration> = ContinuousClock(),
        configuration: PriceFeedConfiguration = PriceFeedConfiguration(),
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        updateSink: (any PriceUpdateSink)? = nil
    ) {
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: [PriceFeedEvent].self, throwing: (any Error).self)
        let window = EventWindow(limit: configuration.eventBufferLimit)
        eventBatches = BatchStream(batches) { window.taken($0.count) }
        self.window = window
        self.continuation = continuation
        self.client = client
        self.url = url
        headers = apiKey.map { [(name: "authorization", value: $0.headerValue)] } ?? []
        self.clock = FeedClock(clock)
        self.configuration = configuration
        parser = StreamerParser(fields: configuration.fields, expecting: subscriptions.map(\.pair))
        self.updateSink = updateSink
        self.random = random
        policy = SessionPolicy(rules: configuration.sessionRules)
        schedule = SessionWatch(rules: configuration.watchRules, openedAt: .zero)
        self.subscriptionList = SubscriptionList(subscriptions)
        board = PriceBoard(keeping: subscriptionList.all.map(\.pair))
        continuation.onTermination = { [weak self] _ in
            window.close()
            guard let self else { return }
            Task { await self.stop(closeCode: .goingAway) }
        }
    }

    /// Everything the feed reports, one event at a time; ends and throws like `eventBatches`.
    /// Consume either this or `eventBatches`, not both.
    ///
    /// When the consumer falls `eventBufferLimit` events behind, the oldest are dropped: each
    /// update carries the pair's full state, so nothing is lost once a newer one for the same
    /// pair is read.
    public nonisolated var events: AsyncThrowingStream<PriceFeedEvent, any Error> {
        flattened.withLock { stream in
            if let stream { return stream }
            let made = eventBatches.flattened(bufferingPolicy: .bufferingNewest(max(1, configuration.eventBufferLimit)))
            stream = made
            return made
        }
    }

    /// Starts connecting. Calling it again, or after `stop()`, does nothing.
    public func start() {
        guard runTask == nil, !isFinished else { return }
        runTask = Task { await self.runSessions() }
    }

    /// Stops the feed: closes the connection with `closeCode` (1000, a normal closure, when the
    /// user quits; 1001 "going away" when the consumer simply disappeared), waits for the work to
    /// end, finishes `events`.
    public func stop(closeCode: CloseCode = .normalClosure) async {
        if !isFinished { stopCloseCode = closeCode }
        isFinished = true
        let task = runTask
        task?.cancel()
        await task?.value
        continuation.finish()
    }

    /// The channels the feed subscribes on every connection.
    public var subscriptions: [Subscription] {
        subscriptionList.all
    }

    /// Adds subscriptions; when connected, sends a SubAdd for the new ones right away.
    public func subscribe(_ subscriptions: [Subscription]) async {
        let added = subscriptionList.add(subscriptions)
        keepSubscribedPairs()
        await send(.add, added)
    }

    /// Removes subscriptions; when connected, sends a SubRemove. The board forgets their state, and
    /// updates still in flight for them are dropped.
    public func unsubscribe(_ subscriptions: [Subscription]) async {
        let removed = subscriptionList.remove(subscriptions)
        keepSubscribedPairs()
        await send(.remove, removed)
    }

    /// Replaces the subscription set (e.g. to follow a scrolling view), sending only the difference.
    public func setSubscriptions(_ subscriptions: [Subscription]) async {
        let (added, removed) = subscriptionList.replace(with: subscriptions)
        keepSubscribedPairs()
        await send(.remove, removed)
        await send(.add, added)
    }

    /// Tells the board which pairs to keep: those of the subscription list, now. Called before any
    /// suspension point, so no batch runs with the board out of step with the list.
    private func keepSubscribedPairs() {
        board.keep(only: subscriptionList.all.map(\.pair))
    }

    /// Time since the feed was created, on its clock: the reference for `PriceSnapshot.receivedAt`.
    public var elapsed: Duration {
        clock.now()
    }

    /// Sends a subscription request on the live connection, if there is one.
    private func send(_ action: SubscriptionRequest.Action, _ subscriptions: [Subscription]) async {
        guard !subscriptions.isEmpty, let connection else { return }
        // A failed send means the connection is going down; the reconnect resubscribes everything.
        try? await connection.send(SubscriptionRequest(action: action, subscriptions: subscriptions).message)
    }

    /// Emits `.state(new)` unless it is already the state.
    func setState(_ new: FeedState) {
        guard new != state else { return }
        state = new
        emit(.state(new))
    }

    /// Emits an event: collected while a received batch is being handled, else delivered at once.
    @inline(__always)
    func emit(_ event: PriceFeedEvent) {
        if isCollecting {
            collected.append(event)
        } else {
            deliver([event])
        }
    }

    /// Hands events to the consumer in one piece.
    func deliver(_ events: [PriceFeedEvent]) {
        window.delivered(events.count)
        continuation.yield(events)
    }
}
