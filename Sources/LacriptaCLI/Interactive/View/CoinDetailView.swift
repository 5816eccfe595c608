import Foundation
import LacriptaCore
import LacriptaTerminal

/// A coin's detail screen: the figures of `lacripta coin` (`CoinFigures`) and the chart of the
/// range shown (`ChartRenderer`), side by side on a wide window, stacked on a narrow one. The
/// chart is drawn from the window's size on every frame, so a resize redraws it to fit.
struct CoinDetailView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let detail: CoinDetailPage
    /// Braille or blocks, from the locale.
    let chartMode: ChartMode

    /// The narrowest window that gets the figures beside the chart.
    static let sideBySideColumns = 110
    /// The fewest rows a stacked chart is drawn in; below, a line says there is no room.
    static let minimumChartRows = 6

    /// The title bar: coin, range, star.
    func title(width: Int) -> StyledText {
        let star = model.yours.isFavorite(detail.symbol) ? " ★" : ""
        let name = "\(Sanitizer.singleLine(detail.name)) (\(Sanitizer.singleLine(detail.symbol)))\(star)"
        let ranges = CoinDetailPage.ranges.map { $0 == detail.days ? "[\($0)d]" : "\($0)d" }.joined(separator: " ")
        return FramePieces.titleBar("lacripta · coin · \(name) · \(detail.currency)", right: ranges, width: width)
    }

    /// The body: figures and chart, or why they are not there yet.
    func body(width: Int) -> [StyledText] {
        let rows = model.layout.bodyRows
        guard let coin = detail.detail else {
            let text = detail.loading ? "  Loading \(Sanitizer.singleLine(detail.symbol))…" : "  No figures for this coin. Press r to try again."
            return [StyledText(""), StyledText(text, style: .secondary)]
        }
        let figures = CoinFigures(detail: coin, history: detail.history ?? PriceHistory(points: []), days: detail.days)
        var left = CoinPresenter(figures: figures, source: "").figureLines().map { StyledText(" ") + $0 }
        if let note = detail.note { left.append(StyledText(" " + note, style: .secondary)) }
        let figureWidth = (left.map(\.displayWidth).max() ?? 0) + 2
        if width >= Self.sideBySideColumns, figureWidth <= width / 2 {
            let chart = chartLines(figures, columns: width - figureWidth - 1, rows: rows - 1)
            return (0..<max(left.count, chart.count + 1)).map { index in
                let figure = index < left.count ? left[index] : StyledText()
                let plot = index >= 1 && index - 1 < chart.count ? chart[index - 1] : StyledText()
                return figure.padded(toWidth: figureWidth) + plot
            }
        }
        let chartRows = rows - left.count - 1
        guard chartRows >= Self.minimumChartRows else {
            return left + [StyledText(""), StyledText("  (no room for the chart: make the window taller)", style: .secondary)]
        }
        return left + [StyledText("")] + chartLines(figures, columns: width - 1, rows: chartRows).map { StyledText(" ") + $0 }
    }

    /// The chart of the range shown, with a line under it saying what it is; while the range
    /// loads (or failed) a line saying so instead.
    private func chartLines(_ figures: CoinFigures, columns: Int, rows: Int) -> [StyledText] {
        guard let history = detail.history else {
            let text =
                detail.loading || detail.loadingDays.contains(detail.days)
                ? "Loading \(detail.days) days of prices…" : "No price history for \(detail.days) days. Press r to try again."
            return [StyledText(text, style: .secondary)]
        }
        let presenter = CoinPresenter(figures: figures, source: "")
        // A day or a week (five-minute and hourly points) labels hours or dates under their columns.
        let price = PriceFormatter(currency: detail.currency)
        let renderer =
            detail.days < 30
            ? ChartRenderer(
                mode: chartMode, priceFormatter: price, dateLabel: UTCDateFormatter.dateTime, timeAxis: detail.days == 1 ? .hours : .dates)
            : ChartRenderer(mode: chartMode, priceFormatter: price)
        let what =
            switch detail.days {
            case 1: "1 day of 5-minute prices"
            case 7: "7 days of hourly prices"
            default: "\(detail.days) days of daily closes"
            }
        let caption = StyledText("\(what) in \(Sanitizer.singleLine(detail.currency))", style: .secondary)
        guard !history.points.isEmpty else { return [StyledText("(no price history for this range)", style: .secondary)] }
        do throws(ChartError) {
            return try renderer.render([presenter.series], columns: columns, rows: max(1, rows - 1)) + [caption]
        } catch {
            return [StyledText("(\(CoinPresenter.noChartReason(error)))", style: .secondary)]
        }
    }
}
