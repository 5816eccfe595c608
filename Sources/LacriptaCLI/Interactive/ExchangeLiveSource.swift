import LacriptaCore
import LacriptaWebSocket

/// The full-screen view's live prices without a key: exchanges' public tickers (Coinbase, else
/// Kraken) through `ExchangePriceFeed`, for the coins those exchanges list.
///
/// An `ExchangePriceFeed` follows a fixed set of pairs, so a new set (the toplist scrolled, the
/// currency changed) replaces the feed with one for the new set. Replacements wait `debounce`
/// after the last change, so scrolling through the list costs one reconnect, not one per row;
/// the first set is opened at once. The feeds' batches are handed on through one stream that
/// outlives them; it ends with `stop()`, or with the failure of a feed that gave up (neither
/// exchange could be reached).
final class ExchangeLiveSource: LivePriceSource {
    /// Every feed's batches, in order.
    let eventBatches: AsyncThrowingStream<[PriceFeedEvent], any Error>
    private let switcher: FeedSwitcher

    /// A source making each feed with `makeFeed`, waiting `debounce` on `clock` before a replacement.
    init(debounce: Duration, clock: any Clock<Duration>, makeFeed: @escaping @Sendable ([TradingPair]) -> ExchangePriceFeed) {
        let (batches, continuation) = AsyncThrowingStream.makeStream(
            of: [PriceFeedEvent].self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(4096))
        eventBatches = batches
        switcher = FeedSwitcher(debounce: debounce, clock: clock, continuation: continuation, makeFeed: makeFeed)
    }

    /// Follows the pairs of `subscriptions` (those that name a coin and a currency).
    func setSubscriptions(_ subscriptions: [Subscription]) async {
        await switcher.want(subscriptions.compactMap { TradingPair(base: $0.from, quote: $0.to) })
    }

    /// Closes the feed and ends `eventBatches`.
    func stop() async {
        await switcher.stop()
    }
}

/// The one feed running and the set wanted next, replaced one at a time.
private actor FeedSwitcher {
    let debounce: Duration
    let clock: any Clock<Duration>
    let continuation: AsyncThrowingStream<[PriceFeedEvent], any Error>.Continuation
    let makeFeed: @Sendable ([TradingPair]) -> ExchangePriceFeed
    private var current: (pairs: Set<TradingPair>, feed: ExchangePriceFeed, pump: Task<Void, Never>)?
    private var wanted: [TradingPair] = []
    private var pending: Task<Void, Never>?
    /// Set while a replacement runs, so one started meanwhile only updates `wanted`.
    private var switching = false
    private var stopped = false

    init(
        debounce: Duration, clock: any Clock<Duration>, continuation: AsyncThrowingStream<[PriceFeedEvent], any Error>.Continuation,
        makeFeed: @escaping @Sendable ([TradingPair]) -> ExchangePriceFeed
    ) {
        self.debounce = debounce
        self.clock = clock
        self.continuation = continuation
        self.makeFeed = makeFeed
    }

    /// Asks for `pairs`: nothing when the feed already follows them, else a replacement after the
    /// debounce (at once for the first).
    func want(_ pairs: [TradingPair]) {
        guard !stopped else { return }
        wanted = pairs
        pending?.cancel()
        pending = nil
        guard Set(pairs) != (current?.pairs ?? []) else { return }
        let delay = current == nil ? Duration.zero : debounce
        let clock = clock
        pending = Task {
            if delay > .zero {
                do { try await clock.sleep(for: delay) } catch { return }
            }
            await self.switchFeed()
        }
    }

    /// Replaces the running feed with one for `wanted`, again while `wanted` changed meanwhile.
    private func switchFeed() async {
        guard !switching else { return }
        switching = true
        defer { switching = false }
        while !stopped, Set(wanted) != (current?.pairs ?? []) {
            await closeCurrent()
            guard !wanted.isEmpty, !stopped else { return }
            let pairs = wanted
            let feed = makeFeed(pairs)
            let continuation = continuation
            let pump = Task {
                do {
                    for try await batch in feed.eventBatches { continuation.yield(batch) }
                } catch {
                    // The feed gave up (neither exchange reachable): the view shows why.
                    continuation.finish(throwing: error)
                }
            }
            current = (Set(pairs), feed, pump)
            await feed.start()
        }
    }

    /// Stops the running feed, if any, and waits for its batches to be handed on.
    private func closeCurrent() async {
        guard let running = current else { return }
        current = nil
        await running.feed.stop()
        await running.pump.value
    }

    /// Stops everything and ends the stream.
    func stop() async {
        stopped = true
        pending?.cancel()
        await closeCurrent()
        continuation.finish()
    }
}
