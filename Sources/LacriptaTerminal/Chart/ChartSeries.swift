import Foundation

/// One value at one instant of a chart; a nil value is a gap, where the line breaks (a missing
/// day, an exchange that was down).
public struct ChartPoint: Sendable, Hashable {
    /// When.
    public var time: Date
    /// The value then (a price), or nil for a gap.
    public var value: Double?

    /// Creates a point.
    public init(time: Date, value: Double?) {
        self.time = time
        self.value = value
    }
}

/// One line of a chart: its points in time order, how it looks, and what the legend calls it.
///
/// A chart takes several series so a comparison (one coin on several exchanges) is the same
/// drawing as a coin's history: each series has its own colour and, for readers without colour,
/// its own marker, drawn at its latest point and in the legend.
public struct ChartSeries: Sendable, Hashable {
    /// The name the legend shows ("Kraken", "BTC-USD"); sanitised when drawn.
    public var label: String
    /// The points, oldest first; points out of order are sorted by time when drawn.
    public var points: [ChartPoint]
    /// The line's colour role; nil means the trend's: up when the series ends higher than it
    /// began, down otherwise.
    public var color: ColorRole?
    /// A character drawn at the series' latest point and before its legend entry; nil for none.
    public var marker: Character?

    /// Creates a series.
    public init(label: String = "", points: [ChartPoint], color: ColorRole? = nil, marker: Character? = nil) {
        self.label = label
        self.points = points
        self.color = color
        self.marker = marker
    }

    /// The first and last values present (gaps skipped), or nil when there are none.
    public var endpoints: (first: Double, last: Double)? {
        guard let first = points.first(where: { $0.value != nil })?.value, let last = points.last(where: { $0.value != nil })?.value
        else { return nil }
        return (first, last)
    }

    /// The role the line is drawn in: its own, else up when it ended higher than it began and
    /// down otherwise (a flat range is not a gain).
    public var resolvedColor: ColorRole {
        if let color { return color }
        guard let (first, last) = endpoints else { return .down }
        return last > first ? .up : .down
    }
}
