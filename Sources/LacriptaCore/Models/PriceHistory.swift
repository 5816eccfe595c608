import Foundation

/// A coin's price over time, oldest first: what a sparkline or a chart draws.
public struct PriceHistory: Sendable, Equatable {
    /// The points, in time order, at most one per instant.
    public var points: [PricePoint]

    /// Creates a history; `points` are sorted by time, and of two points at the same instant the
    /// later one in `points` is kept.
    public init(points: [PricePoint]) {
        var byTime: [Date: PricePoint] = [:]
        for point in points { byTime[point.date] = point }
        self.points = byTime.values.sorted { $0.date < $1.date }
    }

    /// The last price of each UTC day, oldest first.
    ///
    /// CoinGecko picks the spacing from the span asked for (5-minutely for a day, hourly up to 90
    /// days, daily beyond) and always ends with an off-grid "now" point; this gives one close per
    /// day whatever the spacing, with today's close being the latest price.
    public func dailyCloses() -> PriceHistory {
        var closes: [PricePoint] = []
        for point in points {
            let day = Self.utcDay(point.date)
            if let last = closes.last, Self.utcDay(last.date) == day {
                closes[closes.count - 1] = point
            } else {
                closes.append(point)
            }
        }
        return PriceHistory(points: closes)
    }

    /// Whole days since 1970 of `date` in UTC.
    private static func utcDay(_ date: Date) -> Double {
        (date.timeIntervalSince1970 / 86_400).rounded(.down)
    }
}

/// One price at one instant.
public struct PricePoint: Sendable, Equatable {
    /// When.
    public var date: Date
    /// The price then (the close, for a daily series).
    public var close: Double

    /// Creates a point.
    public init(date: Date, close: Double) {
        self.date = date
        self.close = close
    }
}

extension PriceHistory {
    /// Whole days from the first point to the last, rounded: how far back `max` reached.
    public var spanDays: Int {
        guard let first = points.first?.date, let last = points.last?.date else { return 0 }
        return Int((last.timeIntervalSince(first) / 86_400).rounded())
    }
}
