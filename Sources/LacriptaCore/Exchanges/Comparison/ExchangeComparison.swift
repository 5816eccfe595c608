import Foundation

/// One pair's quotes side by side across exchanges, as a value: the compare view's model.
///
/// The drivers of the exchange connections feed it the adapters' events and their own
/// connection changes, each stamped with the local time it was taken; the view asks it, for a
/// given instant, which rows are stale, which exchange never connected, and where the best bid
/// and ask are. It does no I/O and reads no clock.
public struct ExchangeComparison: Sendable, Equatable {
    /// The compared pair.
    public let pair: TradingPair
    /// When the comparison started (the first connects began).
    public let startedAt: Date
    /// How old a quote may be and still count (default 60 s: a quiet Bitstamp book or a Bitfinex
    /// ticker can go tens of seconds without a change).
    public var staleAfter: Duration
    /// One row per exchange, in the order given.
    public private(set) var rows: [ExchangeComparisonRow]

    /// A comparison of `pair` on `exchanges`, none of them connected yet.
    public init(pair: TradingPair, exchanges: [Exchange], startedAt: Date, staleAfter: Duration = .seconds(60)) {
        self.pair = pair
        self.startedAt = startedAt
        self.staleAfter = staleAfter
        var seen = Set<Exchange>()
        rows = exchanges.filter { seen.insert($0).inserted }.map(ExchangeComparisonRow.init(exchange:))
    }

    /// The row of `exchange`, if it is compared.
    public func row(_ exchange: Exchange) -> ExchangeComparisonRow? {
        rows.first { $0.exchange == exchange }
    }

    /// Applies one adapter event from `exchange`, received at `now`. Quotes for other pairs, and
    /// events the driver acts on itself (`send`), change nothing but the time last heard.
    public mutating func apply(_ event: ExchangeEvent, from exchange: Exchange, at now: Date) {
        guard let index = rows.firstIndex(where: { $0.exchange == exchange }) else { return }
        if event == .malformed {
            rows[index].malformedCount += 1
            return
        }
        rows[index].lastHeard = now
        rows[index].noDataYet = false
        switch event {
        case .quote(let quote):
            guard quote.pair == pair else { return }
            rows[index].quote = quote
            rows[index].lastUpdate = now
            rows[index].state = .live
        case .subscribed(let subscribed):
            if subscribed == pair, rows[index].state != .live { rows[index].state = .subscribed }
        case .notListed(let refused, _, let message):
            // A refusal that names no pair refers to this connection's only one.
            guard refused == nil || refused == pair else { return }
            rows[index].state = .notListed
            rows[index].lastError = message
        case .reconnect:
            rows[index].state = .reconnecting
        case .maintenance(.started):
            rows[index].state = .maintenance
        case .maintenance(.ended):
            rows[index].state = .subscribed
        case .error(let message):
            rows[index].lastError = message
        case .heartbeat, .send, .ignored, .malformed:
            return
        }
    }

    /// Applies what the driver saw of `exchange`'s socket at `now`.
    public mutating func apply(_ change: ExchangeConnectionChange, for exchange: Exchange, at now: Date) {
        guard let index = rows.firstIndex(where: { $0.exchange == exchange }) else { return }
        switch change {
        case .connected:
            if rows[index].firstConnected == nil { rows[index].firstConnected = now }
            rows[index].lastConnected = now
            rows[index].noDataYet = false
            // A refused pair stays refused: a new socket would only be refused again.
            if rows[index].state != .notListed { rows[index].state = .connected }
        case .lost:
            if !rows[index].state.hasEnded { rows[index].state = .reconnecting }
        case .quiet:
            rows[index].noDataYet = true
        case .failed(let reason):
            rows[index].state = .failed(reason: reason)
        }
    }

    /// The exchanges whose socket has not opened within `limit` of the start, at `now`.
    public func neverConnected(at now: Date, within limit: Duration) -> [Exchange] {
        rows.filter { $0.neverConnected(since: startedAt, at: now, within: limit) }.map(\.exchange)
    }

    /// The best bid, best ask and the gap between them across the rows current at `now`.
    public func summary(at now: Date) -> ComparisonSummary {
        var summary = ComparisonSummary()
        for row in rows where row.isCurrent(at: now, staleAfter: staleAfter) {
            guard let quote = row.quote else { continue }
            if let bid = quote.bid, bid.value > 0, summary.bestBid.map({ bid.value > $0.price.value }) ?? true {
                summary.bestBid = BestPrice(exchange: row.exchange, price: bid)
            }
            if let ask = quote.ask, ask.value > 0, summary.bestAsk.map({ ask.value < $0.price.value }) ?? true {
                summary.bestAsk = BestPrice(exchange: row.exchange, price: ask)
            }
        }
        return summary
    }
}
