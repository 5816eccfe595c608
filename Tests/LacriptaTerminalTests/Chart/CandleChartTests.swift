import Foundation
import LacriptaTerminal
import Testing

/// The candle layout and drawing on hand-made series: one candle per column, merging when there
/// are more candles than columns, gaps kept, a flat day, a single candle; and the shapes and
/// colours that tell up from down.
@Suite("Candle chart")
struct CandleChartTests {
    private let start = Date(timeIntervalSince1970: 1_767_398_400)
    private let hour: TimeInterval = 3600

    /// Candles one hour apart from (open, close) pairs, high and low one above and below.
    private func candles(_ pairs: [(Double, Double)], volume: Double? = nil) -> [ChartCandle] {
        pairs.enumerated().map { index, pair in
            ChartCandle(
                time: start.addingTimeInterval(Double(index) * hour), open: pair.0, high: max(pair.0, pair.1) + 1,
                low: min(pair.0, pair.1) - 1, close: pair.1, volume: volume.map { $0 * Double(index + 1) })
        }
    }

    @Test("fewer candles than columns: one per column, a blank column between them when there is room")
    func onePerColumn() {
        let series = candles((0..<10).map { (Double($0), Double($0) + 0.5) })
        let roomy = CandleColumns(candles: series, interval: hour, columns: 40)
        #expect(roomy.spacing == 2 && roomy.cells.count == 19)
        #expect(roomy.cells.enumerated().allSatisfy { ($0.offset % 2 == 0) == ($0.element != nil) })
        #expect(roomy.cells.compactMap { $0 } == series)
        let tight = CandleColumns(candles: series, interval: hour, columns: 12)
        #expect(tight.spacing == 1 && tight.cells.compactMap { $0 } == series)
    }

    @Test("more candles than columns: neighbours merge, first open, last close, extremes and summed volume")
    func aggregation() throws {
        let series = candles((0..<10).map { (Double($0), Double($0) + 0.5) }, volume: 1)
        let layout = CandleColumns(candles: series, interval: hour, columns: 5)
        #expect(layout.cells.count == 5 && layout.slotsPerColumn == 2)
        let first = try #require(layout.cells[0])
        #expect(first == ChartCandle(time: start, open: 0, high: 2.5, low: -1, close: 1.5, volume: 3))
        let last = try #require(layout.cells[4])
        #expect(last.open == 8 && last.close == 9.5 && last.volume == 19)
    }

    @Test("a period without trades is an empty column, not a squeeze")
    func gaps() {
        var series = candles([(1, 2), (2, 3), (3, 4), (4, 5)])
        series.remove(at: 2)
        let layout = CandleColumns(candles: series, interval: hour, columns: 4)
        #expect(layout.spacing == 1)
        #expect(layout.cells.map { $0 == nil } == [false, false, true, false])
    }

    @Test("a single candle is one column; no candles, no columns")
    func single() {
        #expect(CandleColumns(candles: candles([(1, 2)]), interval: hour, columns: 20).cells.count == 1)
        #expect(CandleColumns(candles: [], interval: hour, columns: 20).cells.isEmpty)
    }

    private func render(
        _ series: [ChartCandle], mode: ChartMode = .braille, volume: Bool = false, columns: Int = 40, rows: Int = 14
    )
        throws -> [StyledText]
    {
        try CandleChartRenderer(mode: mode, priceFormatter: PriceFormatter(currency: "USD"), interval: hour, showsVolume: volume)
            .render(series, columns: columns, rows: rows)
    }

    @Test("up is a hollow green body, down a filled red one, wicks above and below; exactly the size asked")
    func shapes() throws {
        let lines = try render(candles([(10, 20), (20, 10)]))
        #expect(lines.count == 14)
        #expect(lines.allSatisfy { $0.displayWidth <= 40 })
        let plain = lines.map(\.plainText)
        #expect(plain.contains { $0.contains("║") } && plain.contains { $0.contains("█") })
        #expect(plain.filter { $0.contains("│") && !$0.hasSuffix("│") }.count >= 2)
        let upLine = try #require(lines.first { $0.plainText.contains("║") })
        #expect(upLine.styles(of: ["║"]) == [TextStyle(foreground: .up)])
        let downLine = try #require(lines.first { $0.plainText.contains("█") })
        #expect(downLine.styles(of: ["█"]) == [TextStyle(foreground: .down)])
        #expect(plain.last?.contains("▲ high $21.00") == true && plain.last?.contains("▼ low $9.00") == true)
    }

    @Test("without UTF-8 the same shapes in ASCII: O up, # down, | wicks")
    func ascii() throws {
        let plain = try render(candles([(10, 20), (20, 10)]), mode: .blocks).map(\.plainText)
        #expect(plain.contains { $0.contains("O") } && plain.contains { $0.contains("#") })
        #expect(plain.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test("a flat day: every candle a flat bar on one row, one price label")
    func flat() throws {
        let series = (0..<5).map { ChartCandle(time: start.addingTimeInterval(Double($0) * hour), open: 7, high: 7, low: 7, close: 7) }
        let plain = try render(series).map(\.plainText)
        let rows = plain.filter { $0.contains("━") }
        #expect(rows.count == 1)
        #expect(rows.first?.filter { $0 == "━" }.count == 5)
        #expect(plain.filter { $0.contains("$7.00") && !$0.contains("high") }.count == 1)
    }

    @Test("volume bars under the plot only when asked and present, the tallest the largest volume")
    func volume() throws {
        let series = candles([(1, 2), (2, 3), (3, 4)], volume: 10)
        let with = try render(series, volume: true).map(\.plainText)
        let without = try render(series, volume: false).map(\.plainText)
        let eighths: Set<Character> = ["▁", "▂", "▃", "▄", "▅", "▆", "▇"]
        // 10, 20 and 30 over two rows: 5, 11 and 16 eighths, so the tallest fills both rows.
        let bars = with.filter { $0.contains(where: eighths.contains) }
        #expect(bars.count == 2)
        #expect(bars.first?.contains("30") == true)
        #expect(bars.last?.filter { $0 == "█" }.count == 2)
        #expect(!without.contains { $0.contains(where: eighths.contains) })
        let noVolumes = try render(candles([(1, 2), (2, 3)]), volume: true).map(\.plainText)
        #expect(!noVolumes.contains { $0.contains(where: eighths.contains) })
    }

    @Test("refusals: no candles, a NaN price, no room")
    func refusals() {
        #expect(throws: ChartError.noValues) { try render([]) }
        var bad = candles([(1, 2), (2, 3)])
        bad[1].close = .nan
        #expect(throws: ChartError.nonFiniteValue(series: 0, index: 1)) { try render(bad) }
        #expect { try render(candles([(1, 2)]), columns: 10, rows: 4) } throws: {
            ($0 as? ChartError).map { if case .tooSmall = $0 { true } else { false } } ?? false
        }
    }
}
