import Foundation
import LacriptaCore

/// Each exchange's mid price over the session, for the chart under the compare table.
///
/// One sample per exchange per `interval` at most (the latest mid of the interval wins), and at
/// most `capacity` samples each, dropping the oldest: a chart a few hundred cells wide needs no
/// more, and memory stays flat however long `compare` runs.
struct MidHistory: Sendable, Equatable {
    /// One point of a series.
    struct Sample: Sendable, Equatable {
        var time: Date
        var mid: Double
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

    /// Records `quote`'s mid (the average of bid and ask, or the last price when the book is one-
    /// sided or crossed on itself) at `time`.
    mutating func record(_ quote: ExchangeQuote, at time: Date) {
        guard let mid = Self.mid(of: quote) else { return }
        var samples = series[quote.exchange] ?? []
        if let last = samples.last, time.timeIntervalSince(last.time) < interval {
            samples[samples.count - 1].mid = mid
        } else {
            samples.append(Sample(time: time, mid: mid))
            samplesAdded += 1
            if samples.count > capacity { samples.removeFirst(samples.count - capacity) }
        }
        series[quote.exchange] = samples
    }

    /// The mid of a quote, nil when it has no usable price.
    static func mid(of quote: ExchangeQuote) -> Double? {
        if let bid = quote.bid?.value, let ask = quote.ask?.value, bid > 0, ask > 0, bid < ask {
            return (bid + ask) / 2
        }
        guard let last = quote.last?.value, last > 0, last.isFinite else { return nil }
        return last
    }
}
