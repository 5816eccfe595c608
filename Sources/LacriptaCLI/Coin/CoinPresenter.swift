import Foundation
import LacriptaCore
import LacriptaTerminal

/// Renders `lacripta coin`: on a terminal the figures and the chart, off one the figures and
/// the series as text, and the documented JSON.
struct CoinPresenter: Sendable {
    /// What is shown.
    let figures: CoinFigures
    /// The service the figures came from ("CoinGecko").
    let source: String

    /// The title and the labelled figures, labels padded to one column.
    func figureLines() -> [StyledText] {
        let rows = figures.rows
        let labelWidth = rows.map { DisplayWidth.width(of: $0.label) }.max() ?? 0
        var lines = [StyledText(figures.title, style: .bold)]
        for row in rows {
            let label = row.label + String(repeating: " ", count: labelWidth - DisplayWidth.width(of: row.label) + 2)
            lines.append(StyledText(label, style: .secondary) + row.value)
        }
        return lines
    }

    /// The chart's series: the daily closes, in the trend's colour.
    var series: ChartSeries {
        ChartSeries(
            label: Sanitizer.singleLine(figures.detail.symbol),
            points: figures.history.points.map { ChartPoint(time: $0.date, value: $0.close) })
    }

    /// The line under the chart: what it shows and where it came from.
    var footer: StyledText {
        StyledText("\(figures.days) days of daily closes in \(Sanitizer.singleLine(figures.currency)), from \(source)", style: .secondary)
    }

    /// The drawing for a terminal: figures, a blank line, the chart of `size`, the footer. A
    /// terminal too small for a chart gets the figures and a line saying why there is none.
    func terminalLines(size: TerminalSize, mode: ChartMode) -> [StyledText] {
        var lines = figureLines()
        lines.append(StyledText())
        let renderer = ChartRenderer(mode: mode, priceFormatter: PriceFormatter(currency: figures.currency))
        do throws(ChartError) {
            lines += try renderer.render([series], columns: size.columns, rows: size.rows)
        } catch {
            lines.append(StyledText("(\(Self.noChartReason(error)))", style: .secondary))
        }
        lines.append(footer)
        return lines
    }

    /// Why there is no chart, in a few words.
    static func noChartReason(_ error: ChartError) -> String {
        switch error {
        case .tooSmall(let columns, let rows): "no room for the chart: it needs \(columns) columns and \(rows) rows"
        case .noValues: "no price history for this range"
        // The decoders drop non-numbers, so this would be a bug; say so rather than draw a lie.
        case .nonFiniteValue: "the price history holds a value that is not a number"
        }
    }

    /// Off a terminal: the figures, then one line per close, "2026-01-03 90136.23", for scripts
    /// that want the numbers without JSON.
    func plainLines() -> [StyledText] {
        var lines = figureLines()
        lines.append(StyledText())
        for point in figures.history.points {
            lines.append(StyledText("\(UTCDateFormatter.date(point.date)) \(point.close)"))
        }
        lines.append(footer)
        return lines
    }

    /// The documented JSON object (docs/json.md): figures as numbers, `null` where the source has
    /// none, and the series as `history`.
    func json() throws -> String {
        try JSONOutput.encode(CoinJSON(figures: figures, source: source))
    }
}
