/// A one-line chart of a series with the eight block characters ▁▂▃▄▅▆▇█.
enum Sparkline {
    /// The blocks from lowest to highest.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The last `width` values as blocks scaled between their minimum and maximum; a flat series
    /// is a row of middle blocks, and non-finite values are skipped.
    static func line(_ values: [Double], width: Int) -> String {
        let series = values.filter(\.isFinite).suffix(max(0, width))
        guard let low = series.min(), let high = series.max() else { return "" }
        let span = high - low
        return String(series.map { value -> Character in
            guard span > 0 else { return blocks[blocks.count / 2 - 1] }
            let level = Int(((value - low) / span * Double(blocks.count - 1)).rounded())
            return blocks[min(max(0, level), blocks.count - 1)]
        })
    }
}
