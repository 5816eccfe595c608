import Foundation
import LacriptaTerminal
import Testing

@Suite struct ChartRendererTests {
    private typealias F = ChartFixtures

    /// The plot rows of a single-series chart with extremes marked: all but the last three lines.
    private func plotRows(_ lines: [StyledText]) -> [String] {
        Array(lines.plain.dropLast(3))
    }

    /// The cells right of the gutter (`gutter` characters wide) of `row`.
    private func cells(_ row: String, gutter: Int) -> [Character] {
        Array(row.dropFirst(gutter))
    }

    @Test func aSmallChartExactly() throws {
        // Four days at 20 × 7: both labels, the line, the axis with the low and high under their
        // days, only the last date (both do not fit beside each other), and the prices alone.
        let series = [F.daily([1, 3, 2, 4])]
        #expect(
            try F.renderer(.blocks).render(series, columns: 20, rows: 7).plain == [
                "$4.00 +           ▄▀",
                "      |   ▄▀▄    █  ",
                "      |  █   ▀▀▄▀   ",
                "$1.00 +▄▀           ",
                "      +v-----------^",
                "          2026-01-04",
                "^ $4.00  v $1.00",
            ])
        #expect(
            try F.renderer(.braille).render(series, columns: 20, rows: 7).plain == [
                "$4.00 ┤           ⢠⠊",
                "      │   ⡠⠢⢄⡀  ⢀⠔⠁ ",
                "      │ ⢀⠔⠁  ⠈⠑⠢⠊   ",
                "$1.00 ┤⡠⠃           ",
                "      └▼───────────▲",
                "          2026-01-04",
                "▲ $4.00  ▼ $1.00",
            ])
    }

    @Test(arguments: ChartMode.allCases)
    func aRisingRangeIsGreenAndRunsFromBottomLeftToTopRight(mode: ChartMode) throws {
        let lines = try F.renderer(mode).render([F.rising], columns: 40, rows: 10)
        let plot = plotRows(lines)
        #expect(plot.count == 7)
        let dots = mode == .braille ? brailleDots : blockCells
        #expect(plot[0].hasPrefix("$129.00 "))
        #expect(plot[6].hasPrefix("$100.00 "))
        let gutter = "$129.00 │".count
        #expect(dots.contains(cells(plot[0], gutter: gutter).last ?? " "))
        #expect(dots.contains(cells(plot[6], gutter: gutter).first ?? " "))
        #expect(!dots.contains(cells(plot[0], gutter: gutter).first ?? " "))
        for line in lines.prefix(7) {
            #expect(line.styles(of: dots).allSatisfy { $0.foreground == .up })
        }
        // The low's marker under the first column, the high's under the last.
        let axis = lines[7].plainText
        let (high, low): (Character, Character) = mode == .braille ? ("▲", "▼") : ("^", "v")
        #expect(axis.dropFirst(gutter).first == low)
        #expect(axis.last == high)
        #expect(lines[8].plainText == String(repeating: " ", count: gutter) + "2026-01-01" + String(repeating: " ", count: 11) + "2026-01-30")
        // At 40 columns the dates of the high and low do not fit beside them; at 80 they do.
        #expect(lines[9].plainText.hasSuffix("\(high) high $129.00  \(low) low $100.00"))
        let wide = try F.renderer(mode).render([F.rising], columns: 80, rows: 10)
        #expect(wide[9].plainText == String(repeating: " ", count: gutter) + "\(high) high $129.00 on 2026-01-30  \(low) low $100.00 on 2026-01-01")
    }

    @Test(arguments: ChartMode.allCases)
    func aFallingRangeIsRedAndRunsFromTopLeft(mode: ChartMode) throws {
        let lines = try F.renderer(mode).render([F.falling], columns: 40, rows: 10)
        let dots = mode == .braille ? brailleDots : blockCells
        let gutter = "$129.00 │".count
        #expect(dots.contains(cells(lines[0].plainText, gutter: gutter).first ?? " "))
        #expect(dots.contains(cells(lines[6].plainText, gutter: gutter).last ?? " "))
        #expect(lines.prefix(7).allSatisfy { $0.styles(of: dots).allSatisfy { $0.foreground == .down } })
    }

    @Test(arguments: ChartMode.allCases)
    func aFlatRangeIsOneRowLabelledOnceAndNotAGain(mode: ChartMode) throws {
        let lines = try F.renderer(mode).render([F.daily(Array(repeating: 42.5, count: 10))], columns: 40, rows: 9)
        let plot = plotRows(lines)
        let dots = mode == .braille ? brailleDots : blockCells
        let drawnRows = plot.indices.filter { plot[$0].contains(where: dots.contains) }
        #expect(drawnRows.count == 1)
        let row = try #require(drawnRows.first)
        #expect(row > 0 && row < plot.count - 1)
        #expect(plot[row].hasPrefix("$42.50 "))
        #expect(plot.filter { $0.contains("$") }.count == 1)
        #expect(lines[row].styles(of: dots).allSatisfy { $0.foreground == .down })
    }

    @Test(arguments: ChartMode.allCases)
    func onePointIsOneCellInTheMiddleWithOneDate(mode: ChartMode) throws {
        let lines = try F.renderer(mode).render([F.daily([7])], columns: 80, rows: 8)
        let dots = mode == .braille ? brailleDots : blockCells
        let drawn = plotRows(lines).joined().filter(dots.contains)
        #expect(drawn.count == 1)
        #expect(lines[lines.count - 2].plainText.trimmingCharacters(in: .whitespaces) == "2026-01-01")
        #expect(lines.last?.plainText.contains("high $7.00 on 2026-01-01") == true)
    }

    @Test(arguments: ChartMode.allCases)
    func aGapBreaksTheLine(mode: ChartMode) throws {
        // High on both sides of a long gap: a line drawn across it would fill the columns between.
        let values: [Double?] = [10, 10] + Array(repeating: nil, count: 26) + [10, 0]
        let lines = try F.renderer(mode).render([F.daily(values)], columns: 40, rows: 8)
        let top = lines[0].plainText
        let gutter = "$10.00 │".count
        let row = cells(top, gutter: gutter)
        #expect((mode == .braille ? brailleDots : blockCells).contains(row[0]))
        #expect(row[4..<(row.count - 4)].allSatisfy { $0 == " " })
    }

    @Test(arguments: ChartMode.allCases)
    func aHugeRangeIsLabelledInScientificNotationAndFits(mode: ChartMode) throws {
        let lines = try F.renderer(mode).render([F.daily([1e-8, 5e3, 1e20, 3e300])], columns: 40, rows: 10)
        #expect(lines[0].plainText.trimmingCharacters(in: .whitespaces).hasPrefix("$3.00e300 "))
        #expect(lines[6].plainText.contains("$0.00"))
        #expect(lines.allSatisfy { $0.displayWidth <= 40 })
    }

    @Test(arguments: ChartMode.allCases)
    func tinyPricesKeepTheirSignificantDigits(mode: ChartMode) throws {
        let lines = try F.renderer(mode).render([F.daily([0.00001234, 0.00001250, 0.00001290])], columns: 60, rows: 12)
        let labels = plotRows(lines).compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0.hasPrefix("$") }
        #expect(labels.first == "$0.00001290")
        #expect(labels.last == "$0.00001234")
        #expect(Set(labels).count == labels.count)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteValuesAreRefused(value: Double) {
        let series = [F.rising, F.daily([1, 2, value])]
        #expect(throws: ChartError.nonFiniteValue(series: 1, index: 2)) { try F.renderer(.braille).render(series, columns: 40, rows: 10) }
    }

    @Test func nothingToDrawIsAnError() {
        #expect(throws: ChartError.noValues) { try F.renderer(.blocks).render([F.daily([nil, nil])], columns: 40, rows: 10) }
        #expect(throws: ChartError.noValues) { try F.renderer(.blocks).render([], columns: 40, rows: 10) }
    }

    @Test func tooLittleSpaceSaysHowMuchIsNeeded() {
        #expect(throws: ChartError.tooSmall(minimumColumns: 17, minimumRows: 5)) {
            try F.renderer(.braille).render([F.rising], columns: 12, rows: 10)
        }
        #expect(throws: ChartError.tooSmall(minimumColumns: 17, minimumRows: 5)) {
            try F.renderer(.braille).render([F.rising], columns: 40, rows: 4)
        }
    }

    @Test func blocksUseOnlyHalfBlocksAndASCIIAxes() throws {
        let lines = try F.renderer(.blocks).render([F.rising], columns: 40, rows: 10)
        let allowed = blockCells.union(" $.,0123456789|+-^v")
        for line in lines.prefix(8) { #expect(line.plainText.allSatisfy(allowed.contains), "\(line.plainText)") }
    }

    @Test func withoutColourTheMarkersStillSayWhichIsWhich() throws {
        let lines = try F.renderer(.braille).render([F.rising], columns: 40, rows: 10)
        let plain = ANSIRenderer(colorEnabled: false).render(lines: lines)
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.contains("▲ high $129.00"))
        #expect(plain.contains("▼ low $100.00"))
    }

    @Test func severalSeriesHaveALegendTheirColoursAndMarkers() throws {
        let kraken = F.daily((0..<30).map { 100 + Double($0) }, label: "Kraken", color: .series1, marker: "●")
        let coinbase = F.daily((0..<30).map { 110 - Double($0) / 2 }, label: "Coinbase", color: .series3, marker: "◆")
        let lines = try F.renderer(.braille).render([kraken, coinbase], columns: 60, rows: 12)
        #expect(lines.count == 12)
        #expect(lines[0].plainText.contains("● Kraken"))
        #expect(lines[0].plainText.contains("◆ Coinbase"))
        let plot = lines[1..<(lines.count - 3)]
        #expect(plot.contains { $0.styles(of: brailleDots).contains(TextStyle(foreground: .series1)) })
        #expect(plot.contains { $0.styles(of: brailleDots).contains(TextStyle(foreground: .series3)) })
        // Each marker sits at its series' latest point: Kraken ends on top, Coinbase lower.
        #expect(lines[1].plainText.hasSuffix("●"))
        #expect(plot.contains { $0.plainText.hasSuffix("◆") })
    }

    @Test func aTimeWindowClipsWhatScrolledOut() throws {
        let window = F.start.addingTimeInterval(20 * 86_400)...F.start.addingTimeInterval(29 * 86_400)
        var renderer = F.renderer(.braille)
        renderer.timeRange = window
        let lines = try renderer.render([F.rising], columns: 40, rows: 10)
        #expect(lines[0].plainText.hasPrefix("$129.00 "))
        #expect(lines[6].plainText.hasPrefix("$120.00 "))
        #expect(lines[8].plainText.trimmingCharacters(in: .whitespaces).hasPrefix("2026-01-21"))
    }

    @Test func aLineToAPointThatScrolledOutLeavesThePlotAtItsEdge() throws {
        // Day 20 (125) is just left of the window, day 21 (121) the first point inside it, four dots
        // in: the line between them crosses the left edge, so the plot's first column has dots.
        let values: [Double] = Array(repeating: 200, count: 20) + [125, 121] + (1...8).map { 121 + Double($0) }
        let window = F.start.addingTimeInterval(20.5 * 86_400)...F.start.addingTimeInterval(29 * 86_400)
        var renderer = F.renderer(.braille)
        renderer.timeRange = window
        let lines = try renderer.render([F.daily(values)], columns: 40, rows: 10)
        let gutter = "$129.00 │".count
        #expect(lines[0].plainText.hasPrefix("$129.00 "))
        #expect(lines[6].plainText.hasPrefix("$121.00 "))
        #expect(lines.prefix(7).contains { brailleDots.contains(cells($0.plainText, gutter: gutter).first ?? " ") })
    }

    @Test(arguments: [40, 200], ChartMode.allCases)
    func theLayoutFillsTheWidthExactly(columns: Int, mode: ChartMode) throws {
        let wave = F.daily((0..<365).map { 30_000 + 5_000 * sin(Double($0) / 20) })
        let lines = try F.renderer(mode).render([wave], columns: columns, rows: 16)
        #expect(lines.count == 16)
        for line in lines.prefix(13) { #expect(line.displayWidth == columns) }
        #expect(lines.allSatisfy { $0.displayWidth <= columns })
        // The plot uses every column: the wave is continuous.
        let top = Array(lines[0].plainText)
        let gutter = try #require(top.firstIndex(of: mode == .braille ? "┤" : "+")) + 1
        let plotted = (gutter..<columns).filter { column in lines.prefix(13).contains { Array($0.plainText)[column] != " " } }
        #expect(plotted.count == columns - gutter)
        let dates = lines[14].plainText
        #expect(dates.hasSuffix("2026-12-31"))
        #expect(dates.contains("2026-01-01"))
    }
}
