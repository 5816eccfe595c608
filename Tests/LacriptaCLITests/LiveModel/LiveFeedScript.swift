import Foundation
import LacriptaCore

/// Streamer events as a `PriceFeed` makes them: each message is merged into a board first, so
/// partial updates, first messages and directions come out exactly as in production.
struct LiveFeedScript {
    private var board = PriceBoard()

    /// The CCCAGG pair of `symbol` in `currency`.
    static func pair(_ symbol: String, _ currency: String = "USD") -> PairKey {
        PairKey(market: "CCCAGG", from: symbol, to: currency)
    }

    /// An update of `symbol` carrying `figures` and `flags` (the server's direction bits).
    mutating func update(
        _ symbol: String, in currency: String = "USD", flags: PriceFlags = [], _ figures: [PriceField: Double]
    ) -> PriceFeedEvent {
        var fields = PriceFields()
        for (field, value) in figures { fields[field] = value }
        let update = PriceUpdate(pair: Self.pair(symbol, currency), flags: flags, fields: fields)
        guard let change = board.merge(update) else { preconditionFailure("a board without a filter keeps every pair") }
        return .update(change)
    }

    /// A refusal of `symbol` in `currency`, as the streamer words it.
    static func refusal(_ symbol: String, _ currency: String = "USD", info: String? = "no such pair") -> PriceFeedEvent {
        let subscription = Subscription.aggregate(from: symbol, to: currency)
        return .invalidSubscription(InvalidSubscription(parameter: "5~CCCAGG~\(symbol)~\(currency)", subscription: subscription, info: info))
    }
}
