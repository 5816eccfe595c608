import Foundation
import LacriptaWebSocket

/// Live prices without a key: exchanges' public tickers, told as the streamer's events.
///
/// Every pair is followed on the primary exchange (Coinbase); a pair it does not list moves to the
/// fallback (Kraken), and if the primary cannot be reached at all, every pair moves. A pair
/// neither lists is refused like an invalid streamer subscription. Without a fallback (the user
/// named one market: `live --market`), the primary's refusal is final. Quotes become price updates
/// keyed by the exchange that sent them (`ExchangeQuote.priceUpdate`), merged on a board, and
/// handed on as `PriceFeedEvent`s, or to an update sink, exactly as `PriceFeed` does, so
/// `lacripta live` and the full-screen view read both the same way.
///
/// The connections, their reconnects, keepalives and watchdogs are `ExchangeFeed`'s.
public actor ExchangePriceFeed {
    /// The events, batch by batch; finishes after `stop()` or when no pair is left, and throws
    /// a `LacriptaError` when neither exchange can be reached.
    public nonisolated let eventBatches: AsyncThrowingStream<[PriceFeedEvent], any Error>
    private let continuation: AsyncThrowingStream<[PriceFeedEvent], any Error>.Continuation
    /// The pairs asked for, in order.
    public nonisolated let pairs: [TradingPair]
    /// Where the pairs go first, and where those it refuses go next.
    public nonisolated let primary: Exchange
    /// Nil when the user named one market (`live --market`): its refusal is final.
    public nonisolated let fallback: Exchange?
    private let makeFeed: @Sendable (Exchange, [TradingPair]) -> ExchangeFeed
    private let updateSink: (any PriceUpdateSink)?
    private let clock: FeedClock
    private var board = PriceBoard()
    private var feeds: [Exchange: (feed: ExchangeFeed, pump: Task<Void, Never>)] = [:]
    /// Pairs moved to the fallback.
    private var moved: [TradingPair] = []
    /// Pairs neither exchange lists.
    private var refused: Set<TradingPair> = []
    private var failed: Set<Exchange> = []
    private var isFinished = false

    /// A feed of `pairs`, with connections made by `makeFeed` (the caller decides URLs, client and
    /// timing); nothing happens until `start()`.
    public init(
        pairs: [TradingPair], primary: Exchange = .coinbase, fallback: Exchange? = .kraken, clock: any Clock<Duration> = ContinuousClock(),
        updateSink: (any PriceUpdateSink)? = nil, makeFeed: @escaping @Sendable (Exchange, [TradingPair]) -> ExchangeFeed
    ) {
        var seen = Set<TradingPair>()
        self.pairs = pairs.filter { seen.insert($0).inserted }
        self.primary = primary
        self.fallback = fallback
        self.makeFeed = makeFeed
        self.updateSink = updateSink
        self.clock = FeedClock(clock)
        (eventBatches, continuation) = AsyncThrowingStream.makeStream(of: [PriceFeedEvent].self, throwing: (any Error).self)
    }

    /// Connects to the primary exchange. Calling it again does nothing.
    public func start() async {
        guard feeds.isEmpty, !isFinished else { return }
        deliver([.state(.connecting(attempt: 1))])
        await open(primary, pairs: pairs)
    }

    /// Closes every connection normally and finishes `eventBatches`.
    public func stop() async {
        isFinished = true
        let running = feeds.values
        feeds = [:]
        for (feed, _) in running { await feed.stop() }
        for (_, pump) in running { await pump.value }
        continuation.finish()
    }

    /// Stops the feed without waiting for it (the sink has taken all it wants).
    private func stopSoon() {
        Task { await self.stop() }
    }

    /// Opens `exchange`'s feed for `pairs`, replacing one already open (whose pairs are a subset).
    private func open(_ exchange: Exchange, pairs: [TradingPair]) async {
        if let old = feeds.removeValue(forKey: exchange) {
            await old.feed.stop()
            await old.pump.value
        }
        let feed = makeFeed(exchange, pairs)
        let pump = Task { [weak self] in
            do {
                for try await batch in feed.events { await self?.take(batch, from: exchange) }
            } catch {}
            await self?.ended(exchange, feed: feed)
        }
        feeds[exchange] = (feed, pump)
        await feed.start()
    }

    /// Turns one batch of an exchange's events into streamer events.
    private func take(_ batch: [ExchangeFeedEvent], from exchange: Exchange) async {
        guard !isFinished else { return }
        var events: [PriceFeedEvent] = []
        var movers: [TradingPair] = []
        for event in batch {
            switch event {
            case .message(.quote(let quote)):
                guard let change = board.merge(quote.priceUpdate, receivedAt: clock.now()) else { continue }
                if let updateSink {
                    if !updateSink.receive(change) { isFinished = true }
                } else {
                    events.append(.update(change))
                }
            case .message(.notListed(let pair, _, _)):
                guard let pair = pair ?? (pairs.count == 1 ? pairs[0] : nil) else { continue }
                if exchange == primary, fallback != nil {
                    if !moved.contains(pair) { movers.append(pair) }
                } else if exchange == fallback ?? primary, refused.insert(pair).inserted {
                    events.append(.invalidSubscription(refusal(of: pair)))
                }
            case .connection(.connected) where exchange == primary || failed.contains(primary):
                events.append(.state(.live))
            case .connection(.failed(let reason)):
                failed.insert(exchange)
                events.append(.connectFailed(source: exchange.name, reason: reason))
                if exchange == primary, fallback != nil { movers += pairs.filter { !moved.contains($0) && !refused.contains($0) } }
            case .connection(.quiet(let after)):
                events.append(.noDataYet(source: exchange.name, after: after))
            case .reconnecting(let attempt, let nextIn, let reason) where exchange == primary || failed.contains(primary):
                events.append(.state(.reconnecting(attempt: attempt, nextIn: nextIn, reason: reason)))
            default:
                continue
            }
        }
        updateSink?.endOfBatch()
        deliver(events)
        // Stopped from a task of its own: `stop` waits for the pumps, and this runs on one of them.
        if isFinished { return stopSoon() }
        if !movers.isEmpty, let fallback {
            moved += movers.filter { !moved.contains($0) }
            await open(fallback, pairs: moved)
        }
    }

    /// An exchange's feed ended: when nothing is left running, so does this one.
    private func ended(_ exchange: Exchange, feed: ExchangeFeed) async {
        guard let current = feeds[exchange], current.feed === feed else { return }
        feeds.removeValue(forKey: exchange)
        guard feeds.isEmpty, !isFinished else { return }
        isFinished = true
        continuation.finish(throwing: unreachableFailure())
    }

    /// Why the run failed when its last connection ended with pairs no exchange could stream: the
    /// exchange each was left waiting on gave up connecting. A fallback's final failure is the
    /// run's failure (69), even when the primary was reached and only refused the pair. Nil when
    /// every pair was streamed or refused by both.
    private func unreachableFailure() -> LacriptaError? {
        let stranded = pairs.filter { pair in
            !refused.contains(pair) && failed.contains(moved.contains(pair) ? fallback ?? primary : primary)
        }
        guard !stranded.isEmpty else { return nil }
        if let fallback, failed.contains(primary), failed.contains(fallback) {
            return LacriptaError.refused(
                "Neither \(primary.name) nor \(fallback.name) could be reached for live prices: check the network, or "
                    + "\(Self.setting(primary)) and \(Self.setting(fallback)).")
        }
        let unreachable = fallback.map { failed.contains($0) ? $0 : primary } ?? primary
        let names = stranded.map { "\($0.base)/\($0.quote)" }.joined(separator: ", ")
        let why = unreachable == fallback ? ", which \(primary.name) does not list" : ""
        return LacriptaError.refused(
            "\(unreachable.name) could not be reached for \(names)\(why): check the network, or \(Self.setting(unreachable)).")
    }

    /// The environment variable that points lacripta at `exchange`'s feed.
    private static func setting(_ exchange: Exchange) -> String {
        exchange.urlSetting.environmentKey?.rawValue ?? exchange.urlSetting.rawValue
    }

    /// The refusal of a pair neither exchange lists, keyed as the primary's market.
    private func refusal(of pair: TradingPair) -> InvalidSubscription {
        InvalidSubscription(
            parameter: "\(pair.base)/\(pair.quote)",
            subscription: Subscription(channel: Subscription.tickerChannel, market: primary.name, from: pair.base, to: pair.quote),
            info: fallback.map { "neither \(primary.name) nor \($0.name) lists it" } ?? "\(primary.name) does not list it")
    }

    private func deliver(_ events: [PriceFeedEvent]) {
        guard !events.isEmpty else { return }
        continuation.yield(events)
    }
}
