import Foundation

/// One candle as a chart draws it: open, high, low and close over a period starting at `time`,
/// and the volume traded when the source has one. The terminal's own type, so the renderer stays
/// free of the market model.
public struct ChartCandle: Sendable, Hashable {
    public var time: Date
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    public var volume: Double?

    /// Creates a candle.
    public init(time: Date, open: Double, high: Double, low: Double, close: Double, volume: Double? = nil) {
        self.time = time
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }

    /// Whether it closed above its open; a flat candle is not up.
    public var isUp: Bool { close > open }

    /// One candle standing for `candles` (consecutive, oldest first): the first open, the last
    /// close, the highest high, the lowest low and the summed volume (nil when none has one).
    static func merging(_ candles: ArraySlice<ChartCandle>) -> ChartCandle? {
        guard let first = candles.first, let last = candles.last else { return nil }
        let volumes = candles.compactMap(\.volume)
        return ChartCandle(
            time: first.time, open: first.open, high: candles.map(\.high).max() ?? first.high, low: candles.map(\.low).min() ?? first.low,
            close: last.close, volume: volumes.isEmpty ? nil : volumes.reduce(0, +))
    }
}
