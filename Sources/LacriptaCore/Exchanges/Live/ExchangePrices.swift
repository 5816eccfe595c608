import Foundation
import LacriptaWebSocket

/// Live prices without a key, behind the screens' seam: exchanges' public tickers, Coinbase,
/// else Kraken, for the pairs they list (`ExchangePriceFeed` for one set of pairs).
///
/// An exchange's subscription follows a fixed set of pairs, so a new set (the toplist scrolled,
/// the currency changed) replaces the connections with ones for the new set. Replacements wait
/// `debounce` after the last change, so scrolling through a list costs one reconnect, not one
/// per row; the first set is opened at once. The sets' batches are handed on through one stream
/// that outlives them; it ends with `stop()`, or with the failure of a set that gave up (neither
/// exchange could be reached). A set that ends by itself (every pair refused, or the update sink
/// took all it wanted) ends the prices too, unless they `outliveTheirSets`: a view that scrolls
/// past coins neither exchange lists still wants prices for the next rows.
public actor ExchangePrices: LivePrices {
    public nonisolated var sourceName: String { fallback.map { "\(primary.name), else \($0.name)" } ?? primary.name }
    /// Every set's batches, in order.
    public nonisolated let eventBatches: BatchStream<[PriceFeedEvent]>
    private nonisolated let continuation: AsyncThrowingStream<[PriceFeedEvent], any Error>.Continuation
    /// Where pairs go first, and where those it refuses go next.
    public nonisolated let primary: Exchange
    /// Nil when the user named one market (`live --market`).
    public nonisolated let fallback: Exchange?
    private let debounce: Duration
    private let clock: any Clock<Duration>
    private let updateSink: (any PriceUpdateSink)?
    private let connect: @Sendable (Exchange, [TradingPair]) -> ExchangeFeed
    /// Whether a set that ends by itself leaves the prices open for the next `follow`.
    private let outliveTheirSets: Bool
    private var current: (pairs: Set<TradingPair>, feed: ExchangePriceFeed, pump: Task<Void, Never>)?
    private var wanted: [TradingPair] = []
    private var pending: Task<Void, Never>?
    /// Set while a replacement runs, so one asked for meanwhile only updates `wanted`.
    private var switching = false
    private var stopped = false

    /// Prices from `primary`, else `fallback`, with each exchange's connection made by `connect`
    /// (the caller decides URLs, client, timing and what the hand-over keeps); a new set of pairs
    /// waits `debounce` on `clock`. With `updateSink`, updates go there instead of into
    /// `eventBatches` (lines off a terminal). With `outliveTheirSets`, a set that ends by itself
    /// does not end the prices.
    public init(
        primary: Exchange = .coinbase, fallback: Exchange? = .kraken, debounce: Duration = .zero, clock: any Clock<Duration> = ContinuousClock(),
        updateSink: (any PriceUpdateSink)? = nil, outliveTheirSets: Bool = false,
        connect: @escaping @Sendable (Exchange, [TradingPair]) -> ExchangeFeed
    ) {
        let (batches, continuation) = AsyncThrowingStream.makeStream(
            of: [PriceFeedEvent].self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(4096))
        eventBatches = BatchStream(batches)
        self.continuation = continuation
        self.primary = primary
        self.fallback = fallback
        self.debounce = debounce
        self.clock = clock
        self.updateSink = updateSink
        self.outliveTheirSets = outliveTheirSets
        self.connect = connect
    }

    /// Follows the pairs of `subscriptions` (those that name a coin and a currency): nothing when
    /// they are already followed, else a replacement after the debounce (at once for the first).
    public func follow(_ subscriptions: [Subscription]) {
        guard !stopped else { return }
        var seen = Set<TradingPair>()
        wanted = subscriptions.compactMap { TradingPair(base: $0.from, quote: $0.to) }.filter { seen.insert($0).inserted }
        pending?.cancel()
        pending = nil
        guard Set(wanted) != (current?.pairs ?? []) else { return }
        let delay = current == nil ? Duration.zero : debounce
        let clock = clock
        pending = Task {
            if delay > .zero {
                do { try await clock.sleep(for: delay) } catch { return }
            }
            await self.replace()
        }
    }

    /// Closes the connections and ends `eventBatches`.
    public func stop() async {
        stopped = true
        pending?.cancel()
        await closeCurrent()
        continuation.finish()
    }

    /// Replaces the running set with one for `wanted`, again while `wanted` changed meanwhile.
    private func replace() async {
        guard !switching else { return }
        switching = true
        defer { switching = false }
        while !stopped, Set(wanted) != (current?.pairs ?? []) {
            await closeCurrent()
            guard !wanted.isEmpty, !stopped else { return }
            let pairs = wanted
            let feed = ExchangePriceFeed(
                pairs: pairs, primary: primary, fallback: fallback, clock: clock, updateSink: updateSink, makeFeed: connect)
            let continuation = continuation
            let pump = Task { [weak self] in
                var failure: (any Error)?
                do {
                    for try await batch in feed.eventBatches { continuation.yield(batch) }
                } catch {
                    failure = error
                }
                await self?.ended(feed, failure: failure)
            }
            current = (Set(pairs), feed, pump)
            await feed.start()
        }
    }

    /// A set's stream ended. One replaced or stopped here ended because of it; one still running
    /// ended by itself: every pair refused, the sink took all it wanted, or (with `failure`)
    /// neither exchange could be reached. Then so do these prices, but for prices that outlive
    /// their sets and a set that was only refused.
    private func ended(_ feed: ExchangePriceFeed, failure: (any Error)?) {
        guard let running = current, running.feed === feed else { return }
        if failure == nil, outliveTheirSets { return }
        stopped = true
        pending?.cancel()
        continuation.finish(throwing: failure)
    }

    /// Stops the running set, if any, and waits for its batches to be handed on.
    private func closeCurrent() async {
        guard let running = current else { return }
        current = nil
        await running.feed.stop()
        await running.pump.value
    }
}
