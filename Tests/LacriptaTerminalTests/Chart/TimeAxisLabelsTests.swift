import Foundation
import LacriptaTerminal
import Testing

/// The time axis under an intraday or long chart: labels on round UTC instants, under their own
/// columns, never overlapping, never past the plot's edges, coarser as the plot narrows.
@Suite("Time axis labels")
struct TimeAxisLabelsTests {
    /// 2026-01-03 00:00 UTC.
    private let midnight = Date(timeIntervalSince1970: 1_767_398_400)

    /// Checks what every axis must hold: inside the width, left to right, a space between labels.
    private func checkLayout(_ ticks: [(column: Int, text: String)], columns: Int) {
        #expect(ticks.allSatisfy { $0.column >= 0 && $0.column + $0.text.count <= columns })
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.column + $0.text.count < $1.column })
    }

    @Test("a day from 00:00 to 24:00 on 100 columns: a label every 2 hours, each under its hour's column")
    func dayWide() {
        let ticks = TimeAxisLabels.ticks(axis: .hours, start: midnight, end: midnight.addingTimeInterval(86_400), columns: 100)
        checkLayout(ticks, columns: 100)
        #expect(ticks.map(\.text).prefix(4) == ["00:00", "02:00", "04:00", "06:00"])
        // 12:00 sits half-way: column 49.5 rounded, minus half its width.
        #expect(ticks.first { $0.text == "12:00" }?.column == 50 - 2)
        #expect(ticks.first?.column == 0)
    }

    @Test("narrower plots take coarser steps: 6 hours on 40 columns; dates when no hours fit")
    func dayNarrow() {
        let end = midnight.addingTimeInterval(86_400)
        let forty = TimeAxisLabels.ticks(axis: .hours, start: midnight, end: end, columns: 40)
        checkLayout(forty, columns: 40)
        #expect(forty.map(\.text) == ["00:00", "06:00", "12:00", "18:00", "00:00"])
        let sixteen = TimeAxisLabels.ticks(axis: .hours, start: midnight, end: end, columns: 16)
        checkLayout(sixteen, columns: 16)
        #expect(sixteen.map(\.text) == ["01-03", "01-04"])
    }

    @Test("a day that starts off the hour labels the first whole hour, not the edge")
    func offTheHour() {
        let start = midnight.addingTimeInterval(13 * 3600 + 17 * 60)
        let ticks = TimeAxisLabels.ticks(axis: .hours, start: start, end: start.addingTimeInterval(86_400), columns: 60)
        checkLayout(ticks, columns: 60)
        // Three-hour steps fit 60 columns; they fall on 15:00, 18:00, … UTC.
        #expect(ticks.first?.text == "15:00")
        #expect(ticks.allSatisfy { $0.text.hasSuffix(":00") })
    }

    @Test("a week: dates as MM-DD at midnights; a year: months; several years: years")
    func dates() {
        let week = TimeAxisLabels.ticks(axis: .dates, start: midnight, end: midnight.addingTimeInterval(7 * 86_400), columns: 80)
        checkLayout(week, columns: 80)
        #expect(week.map(\.text) == ["01-03", "01-04", "01-05", "01-06", "01-07", "01-08", "01-09", "01-10"])
        let year = TimeAxisLabels.ticks(axis: .dates, start: midnight, end: midnight.addingTimeInterval(365 * 86_400), columns: 80)
        checkLayout(year, columns: 80)
        #expect(year.first?.text == "2026-03")
        #expect(year.allSatisfy { $0.text.wholeMatch(of: /\d{4}-\d{2}/) != nil })
        let decade = TimeAxisLabels.ticks(axis: .dates, start: midnight, end: midnight.addingTimeInterval(3650 * 86_400), columns: 60)
        checkLayout(decade, columns: 60)
        #expect(decade.allSatisfy { $0.text.wholeMatch(of: /\d{4}/) != nil })
    }

    @Test("a single instant or no room gives no labels; a plot narrower than a label gets none")
    func degenerate() {
        #expect(TimeAxisLabels.ticks(axis: .hours, start: midnight, end: midnight, columns: 80).isEmpty)
        #expect(TimeAxisLabels.ticks(axis: .hours, start: midnight, end: midnight.addingTimeInterval(3600), columns: 0).isEmpty)
        #expect(TimeAxisLabels.ticks(axis: .hours, start: midnight, end: midnight.addingTimeInterval(86_400), columns: 4).isEmpty)
    }

    @Test("the chart's date line shows the hours under the plot, after the label gutter")
    func inChart() throws {
        let points = (0...288).map { ChartPoint(time: midnight.addingTimeInterval(Double($0) * 300), value: 100 + Double($0 % 7)) }
        let renderer = ChartRenderer(mode: .braille, priceFormatter: PriceFormatter(currency: "USD"), timeAxis: .hours)
        let lines = try renderer.render([ChartSeries(points: points)], columns: 80, rows: 12).map(\.plainText)
        let axisLine = try #require(lines.firstIndex { $0.contains("└") })
        let hours = lines[axisLine + 1]
        #expect(hours.contains("00:00") && hours.contains("12:00"))
        #expect(hours.count <= 80)
        // The first label starts where the plot does: right of the corner.
        let corner = try #require(lines[axisLine].firstIndex(of: "└"))
        #expect(
            hours.firstIndex(of: "0").map { hours.distance(from: hours.startIndex, to: $0) }
                == lines[axisLine].distance(from: lines[axisLine].startIndex, to: corner) + 1)
    }
}
