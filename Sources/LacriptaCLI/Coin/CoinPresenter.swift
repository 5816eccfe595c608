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

    /// The line under the chart: what it shows and where it came from ("30 days of daily closes
    /// in USD, from CoinGecko", "1 day of 5-minute prices in USD, …", "all history since
    /// 2025-01-04 of daily closes in USD, …").
    var footer: StyledText {
        let currency = Sanitizer.singleLine(figures.currency)
        let what = figures.interval == .day ? "daily closes" : "\(figures.interval.adjective) prices"
        let span: String
        if figures.range == .max {
            span = "all history" + (figures.history.points.first.map { " since \(UTCDateFormatter.date($0.date))" } ?? "")
        } else {
            span = figures.days == 1 ? "1 day" : "\(figures.days) days"
        }
        return StyledText("\(span) of \(what) in \(currency), from \(source)", style: .secondary)
    }

    /// The footer, and below it where the source's history stops when it does.
    var footerLines: [StyledText] {
        [footer] + (figures.limit.map { [StyledText("history stops there: \(Sanitizer.singleLine($0))", style: .secondary)] } ?? [])
    }

    /// The renderer for the series' spacing: a day's chart labels its x-axis in hours and names
    /// the high's and low's times; a week's labels dates under their columns; the daily ranges
    /// keep the first and last dates.
    func renderer(mode: ChartMode) -> ChartRenderer {
        let price = PriceFormatter(currency: figures.currency)
        switch figures.interval {
        case .day where figures.range != .max:
            return ChartRenderer(mode: mode, priceFormatter: price)
        case .day:
            return ChartRenderer(mode: mode, priceFormatter: price, timeAxis: .dates)
        default:
            let axis: TimeAxis = figures.days <= 1 ? .hours : .dates
            return ChartRenderer(mode: mode, priceFormatter: price, dateLabel: UTCDateFormatter.dateTime, timeAxis: axis)
        }
    }

    /// The drawing for a terminal: figures, a blank line, the chart of `size`, the footer. A
    /// terminal too small for a chart gets the figures and a line saying why there is none.
    func terminalLines(size: TerminalSize, mode: ChartMode) -> [StyledText] {
        var lines = figureLines()
        lines.append(StyledText())
        do throws(ChartError) {
            lines += try renderer(mode: mode).render([series], columns: size.columns, rows: size.rows)
        } catch {
            lines.append(StyledText("(\(Self.noChartReason(error)))", style: .secondary))
        }
        lines += footerLines
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
    /// that want the numbers without JSON; a finer series gives each point's time to the minute,
    /// "2026-01-03T13:40Z 90136.23".
    func plainLines() -> [StyledText] {
        var lines = figureLines()
        lines.append(StyledText())
        for point in figures.history.points {
            lines.append(StyledText("\(Self.plainTime(point.date, interval: figures.interval)) \(point.close)"))
        }
        lines += footerLines
        return lines
    }

    /// A point's time in a plain line: the date for daily closes, else the minute in UTC.
    static func plainTime(_ date: Date, interval: SeriesInterval) -> String {
        guard interval < .day else { return UTCDateFormatter.date(date) }
        let text = UTCDateFormatter.dateTime(date)  // "2026-01-03 13:40 UTC"
        return text.replacingOccurrences(of: " UTC", with: "Z").replacingOccurrences(of: " ", with: "T")
    }

    /// The documented JSON object (docs/json.md): figures as numbers, `null` where the source has
    /// none, and the series as `history`.
    func json() throws -> String {
        try JSONOutput.encode(CoinJSON(figures: figures, source: source))
    }
}
