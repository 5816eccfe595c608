import LacriptaCore

/// A one-line chart of a series with the eight block characters ▁▂▃▄▅▆▇█.
enum Sparkline {
    /// The blocks from lowest to highest.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The last `width` values as blocks scaled between their minimum and maximum; a flat series
    /// is a row of middle blocks, and non-finite values are skipped.
    ///
    /// The scale works on halves: `high - low` of two finite prices overflows to infinity when
    /// they span more than `Double.greatestFiniteMagnitude` (±1.7e308 from a hostile streamer),
    /// and `(value - low) / span` is then NaN, which `Int(_:)` traps on. Halving first keeps every
    /// difference finite, and the level is clamped, not trusted.
    static func line(_ values: [Double], width: Int) -> String {
        let series = values.filter(\.isFinite).suffix(max(0, width))
        guard let low = series.min(), let high = series.max() else { return "" }
        let halfSpan = high / 2 - low / 2
        return String(
            series.map { value -> Character in
                guard halfSpan > 0 else { return blocks[blocks.count / 2 - 1] }
                let level = Int(clamping: ((value / 2 - low / 2) / halfSpan * Double(blocks.count - 1)).rounded())
                return blocks[min(max(0, level), blocks.count - 1)]
            })
    }
}
