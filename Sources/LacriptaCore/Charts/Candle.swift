import Foundation

/// One bar of a market's trading: open, high, low and close over a width of time starting at
/// `time`, and the volume traded when the source gives it (CoinGecko's `/ohlc` does not).
public struct Candle: Sendable, Hashable {
    /// The start of the bar's period.
    public var time: Date
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    /// The volume traded, in the coin's units; nil when the source has none.
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

    /// A candle whose four prices are finite and consistent enough to draw: the high at least
    /// the low. A source's open or close a hair outside its own high and low is widened to fit
    /// rather than dropped (rounding on the wire does that).
    public init?(checking time: Date, open: Double, high: Double, low: Double, close: Double, volume: Double?) {
        guard [open, high, low, close].allSatisfy({ $0.isFinite && $0 > 0 }), high >= low else { return nil }
        self.init(
            time: time, open: open, high: max(high, open, close), low: min(low, open, close), close: close,
            volume: volume.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil })
    }
}
