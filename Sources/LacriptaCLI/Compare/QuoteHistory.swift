import Foundation
import LacriptaCore

/// Each exchange's prices over the session, for the chart under the compare table: its mid (the
/// chart of every exchange) and its ask, bid and last (the chart of one exchange, as the app
/// lacripta grew from drew it).
///
/// One sample per exchange per `interval` at most (the latest prices of the interval win), and at
/// most `capacity` samples each, dropping the oldest: a chart a few hundred cells wide needs no
/// more, and memory stays flat however long `compare` runs. Quotes that leave a figure out (a
/// book update without a trade) carry the exchange's last known value forward, so one exchange's
/// three lines do not break off between trades.
struct QuoteHistory: Sendable, Equatable {
    /// One point of an exchange's series.
    struct Sample: Sendable, Equatable {
        var time: Date
        /// The mid price, see `mid(of:)`.
        var mid: Double
        var ask: Double?
        var bid: Double?
        var last: Double?
    }

    /// The spacing of samples.
    let interval: TimeInterval
    /// The most samples kept per exchange.
    let capacity: Int
    private(set) var series: [Exchange: [Sample]] = [:]
    /// How many samples were ever added (not counting the updates of a sample in its interval):
    /// the chart needs drawing anew when it moves.
    private(set) var samplesAdded = 0

    init(interval: TimeInterval = 1, capacity: Int = 600) {
        self.interval = interval
        self.capacity = max(2, capacity)
    }

    /// Records `quote`'s prices at `time`.
    mutating func record(_ quote: ExchangeQuote, at time: Date) {
        guard let mid = Self.mid(of: quote) else { return }
        var samples = series[quote.exchange] ?? []
        let known = samples.last
        let sample = Sample(
            time: time, mid: mid, ask: Self.price(quote.ask) ?? known?.ask, bid: Self.price(quote.bid) ?? known?.bid,
            last: Self.price(quote.last) ?? known?.last)
        if let known, time.timeIntervalSince(known.time) < interval {
            samples[samples.count - 1] = Sample(time: known.time, mid: sample.mid, ask: sample.ask, bid: sample.bid, last: sample.last)
        } else {
            samples.append(sample)
            samplesAdded += 1
            if samples.count > capacity { samples.removeFirst(samples.count - capacity) }
        }
        series[quote.exchange] = samples
    }

    /// A usable price: positive and finite.
    private static func price(_ number: QuoteNumber?) -> Double? {
        guard let value = number?.value, value > 0, value.isFinite else { return nil }
        return value
    }

    /// The mid of a quote (the average of bid and ask, or the last price when the book is one-
    /// sided or crossed on itself), nil when it has no usable price.
    static func mid(of quote: ExchangeQuote) -> Double? {
        if let bid = price(quote.bid), let ask = price(quote.ask), bid < ask {
            return (bid + ask) / 2
        }
        return price(quote.last)
    }
}
