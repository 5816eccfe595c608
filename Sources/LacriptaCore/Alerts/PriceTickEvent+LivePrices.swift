import Foundation

/// Live prices as the alert loop sees them: one price per pair and moment, and lines for the user.
extension PriceTickEvent {
    /// The tick or notice one event of `source`'s prices means for a watch, if any: a price whenever it
    /// changed (or first arrived); a pair the market refused, a failed connect, the first attempt
    /// of each reconnect and a rate limit as notices (one line per outage, not one per attempt, so
    /// a watch left running for days stays readable).
    public init?(_ event: PriceFeedEvent, from source: String, at time: Date) {
        switch event {
        case .update(let change):
            guard let price = change.snapshot.price, change.isFirst || change.changed.contains(.price) else { return nil }
            self = .tick(PriceTick(symbol: change.snapshot.pair.from, currency: change.snapshot.pair.to, price: price, at: time))
        case .invalidSubscription(let invalid):
            let pair = invalid.subscription.map { "\($0.from)/\($0.to)" } ?? invalid.parameter
            let market = invalid.subscription.map(\.market).flatMap { $0 == Subscription.aggregateMarket ? nil : $0 } ?? "the streamer"
            self = .notice("\(pair) is not available on \(market): \(invalid.info ?? "not available")")
        case .connectFailed(let market, let reason):
            self = .notice("cannot connect to \(market): \(reason); retrying")
        case .state(.reconnecting(let attempt, let nextIn, let reason)) where attempt == 1 && reason != .connectFailed:
            self = .notice("\(source): the connection dropped; reconnecting in \(nextIn.components.seconds) s")
        case .rateLimited:
            self = .notice("the streamer refused the connection for a limit (free keys allow one socket per account); retrying")
        default:
            return nil
        }
    }
}
