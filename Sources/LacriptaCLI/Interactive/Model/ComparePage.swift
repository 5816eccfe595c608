import Foundation
import LacriptaCore

/// The comparison of one coin across exchanges, opened with `x`: the same model and history as
/// `lacripta compare`, fed by feeds the driver opens for this page and closes when it goes.
struct ComparePage: Sendable, Equatable {
    /// Which opening of the screen this is: batches from feeds of an earlier one are dropped.
    var id: Int
    /// The coin's name, for the title.
    var name: String
    /// The exchanges' quotes side by side.
    var comparison: ExchangeComparison
    /// Each exchange's prices over the page's life, for the chart.
    var history = QuoteHistory()
    /// The exchange whose ask, bid and last the chart draws; nil for every exchange's mid.
    var chartFocus: Exchange?

    /// The pair compared.
    var pair: TradingPair { comparison.pair }

    /// The exchanges compared, in order.
    var exchanges: [Exchange] { comparison.rows.map(\.exchange) }

    /// Takes one exchange's batch at `now`, as `lacripta compare` does.
    mutating func take(_ events: [ExchangeFeedEvent], from exchange: Exchange, at now: Date) {
        for event in events {
            switch event {
            case .message(let message):
                comparison.apply(message, from: exchange, at: now)
                if case .quote(let quote) = message, quote.pair == pair { history.record(quote, at: now) }
            case .connection(let change):
                comparison.apply(change, for: exchange, at: now)
            case .reconnecting:
                continue
            }
        }
    }
}

/// What an exchange feed of the compare screen reported.
enum CompareUpdate: Sendable {
    /// Events one exchange's feed produced together.
    case batch(Exchange, [ExchangeFeedEvent])
    /// That exchange's feed ended.
    case ended(Exchange)
}
