import Foundation

/// Which candle each column of a candle chart shows: a pure layout, tested on hand-made series.
///
/// Candles are placed by time, one slot per `interval`, so a period without trades (Coinbase
/// sends no candle for it) is an empty column, not a squeeze. When the slots fit, each gets its
/// own column (two columns apart when there is room for a gap between candles); when there are
/// more slots than columns, consecutive slots share a column and their candles merge into one
/// (first open, last close, highest high, lowest low, summed volume).
public struct CandleColumns: Sendable, Equatable {
    /// The candle of each column, left to right; nil for a column left empty.
    public var cells: [ChartCandle?]
    /// How many columns apart neighbouring slots are (1 or 2).
    public var spacing: Int
    /// How many slots each column stands for (1 when none merge).
    public var slotsPerColumn: Double

    /// Lays out `candles` (any order) of width `interval` seconds across at most `columns`.
    public init(candles: [ChartCandle], interval: TimeInterval, columns: Int) {
        let sorted = candles.sorted { $0.time < $1.time }
        guard let first = sorted.first, let last = sorted.last, columns > 0 else {
            self.init(cells: [], spacing: 1, slotsPerColumn: 1)
            return
        }
        // Slots by time; a nonsensical width (zero, or so small the span has too many slots)
        // falls back to one slot per candle, in order.
        let span = last.time.timeIntervalSince(first.time)
        let bySlot = interval > 0 && span / interval < 1_000_000
        let slotCount = bySlot ? Int((span / interval).rounded()) + 1 : sorted.count
        func slot(_ index: Int) -> Int {
            bySlot ? Int((sorted[index].time.timeIntervalSince(first.time) / interval).rounded()) : index
        }
        if slotCount <= columns {
            let spacing = slotCount * 2 - 1 <= columns ? 2 : 1
            var cells = [ChartCandle?](repeating: nil, count: (slotCount - 1) * spacing + 1)
            var index = 0
            while index < sorted.count {
                var end = index + 1
                while end < sorted.count, slot(end) == slot(index) { end += 1 }
                cells[slot(index) * spacing] = ChartCandle.merging(sorted[index..<end])
                index = end
            }
            self.init(cells: cells, spacing: spacing, slotsPerColumn: 1)
            return
        }
        var groups = [[Int]](repeating: [], count: columns)
        for index in sorted.indices {
            groups[min(slot(index) * columns / slotCount, columns - 1)].append(index)
        }
        let cells = groups.map { group in group.isEmpty ? nil : ChartCandle.merging(sorted[group[0]...group[group.count - 1]]) }
        self.init(cells: cells, spacing: 1, slotsPerColumn: Double(slotCount) / Double(columns))
    }

    /// Creates a layout from its parts.
    public init(cells: [ChartCandle?], spacing: Int, slotsPerColumn: Double) {
        self.cells = cells
        self.spacing = spacing
        self.slotsPerColumn = slotsPerColumn
    }
}
