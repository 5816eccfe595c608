import Foundation
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
/// The API key travels only in the `authorization: Apikey …` header of the upgrade request, never in
/// the URL, and the feed never logs or reports it.
public actor PriceFeed {
    /// Everything the feed reports. Finishes normally after `stop()`, or throws a `PriceFeedError`.
    /// Cancelling the consumer (or dropping the stream) stops the feed and closes the connection.
    public nonisolated let events: AsyncThrowingStream<PriceFeedEvent, any Error>
    let continuation: AsyncThrowingStream<PriceFeedEvent, any Error>.Continuation
    let client: any WebSocketClient
    let url: URL
    let headers: [(name: String, value: String)]
    let clock: FeedClock
    let configuration: PriceFeedConfiguration
    let parser = StreamerParser()
    var random: any RandomNumberGenerator & Sendable
    var backoff: Backoff
    var subscriptionList: SubscriptionList

    /// The merged state of every pair seen so far.
    public internal(set) var board = PriceBoard()
    /// Counters: frames, updates, malformed frames, reconnects.
    public internal(set) var statistics = FeedStatistics()

    var connection: (any WebSocketConnection)?
    var runTask: Task<Void, Never>?
    var state: FeedState?
    var lastActivity: Duration = .zero
    var lastData: Duration?
    var liveSince: Duration?
    var isStale = false
    var isFinished = false
    /// The close code sent when `stop` cancels the live connection.
    var stopCloseCode: UInt16 = 1001

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
    public init(
        client: any WebSocketClient,
        url: URL,
        apiKey: APIKey? = nil,
        subscriptions: [Subscription],
        clock: any Clock<Duration> = ContinuousClock(),
        configuration: PriceFeedConfiguration = PriceFeedConfiguration(),
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        let (events, continuation) = AsyncThrowingStream.makeStream(
            of: PriceFeedEvent.self,
            throwing: (any Error).self,
            bufferingPolicy: .bufferingNewest(max(1, configuration.eventBufferLimit))
        )
        self.events = events
        self.continuation = continuation
        self.client = client
        self.url = url
        headers = apiKey.map { [(name: "authorization", value: $0.headerValue)] } ?? []
        self.clock = FeedClock(clock)
        self.configuration = configuration
        self.random = random
        self.backoff = configuration.backoff
        self.subscriptionList = SubscriptionList(subscriptions)
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.stop(closeCode: 1001) }
        }
    }

    /// Starts connecting. Calling it again, or after `stop()`, does nothing.
    public func start() {
        guard runTask == nil, !isFinished else { return }
        runTask = Task { await self.run() }
    }

    /// Stops the feed: closes the connection with `closeCode` (1000, a normal closure, when the
    /// user quits; 1001 "going away" when the consumer simply disappeared), waits for the work to
    /// end, finishes `events`.
    public func stop(closeCode: UInt16 = 1000) async {
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
        await send(.add, subscriptionList.add(subscriptions))
    }

    /// Removes subscriptions; when connected, sends a SubRemove. The board keeps their last state.
    public func unsubscribe(_ subscriptions: [Subscription]) async {
        await send(.remove, subscriptionList.remove(subscriptions))
    }

    /// Replaces the subscription set (e.g. to follow a scrolling view), sending only the difference.
    public func setSubscriptions(_ subscriptions: [Subscription]) async {
        let (added, removed) = subscriptionList.replace(with: subscriptions)
        await send(.remove, removed)
        await send(.add, added)
    }

    /// Time since the feed was created, on its clock: the reference for `PriceSnapshot.receivedAt`.
    public var elapsed: Duration {
        clock.now()
    }

    /// How long ago the last price update arrived, or `nil` before the first one.
    public var dataAge: Duration? {
        lastData.map { clock.now() - $0 }
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
        continuation.yield(.state(new))
    }

    /// Emits an event.
    @inline(__always)
    func emit(_ event: PriceFeedEvent) {
        continuation.yield(event)
    }
}
