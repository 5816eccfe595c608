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

    /// The title bar: coin, range, star, and "candles" while candles are shown.
    func title(width: Int) -> StyledText {
        let star = model.yours.isFavorite(detail.symbol) ? " ★" : ""
        let name = "\(Sanitizer.singleLine(detail.name)) (\(Sanitizer.singleLine(detail.symbol)))\(star)"
        let ranges = CoinDetailPage.ranges.map { range in
            let short = range == .max ? "max" : "\(range.rawValue)d"
            return range == detail.range ? "[\(short)]" : short
        }
        let right = (detail.kind == .candles ? "candles · " : "") + ranges.joined(separator: " ")
        return FramePieces.titleBar("lacripta · coin · \(name) · \(detail.currency)", right: right, width: width)
    }

    /// The figures of the range shown: its line's prices, else its candles' closes.
    private var figures: CoinFigures? {
        guard let coin = detail.detail else { return nil }
        let range = detail.range
        let maxRange: ChartRange? = range == .max ? .max : nil
        if let series = detail.shownSeries {
            return CoinFigures(
                detail: coin, history: series.history, days: range.days ?? max(series.history.spanDays, 1), interval: series.interval,
                range: maxRange, limit: series.limit)
        }
        if detail.kind == .candles, let candles = detail.shownCandles {
            let closes = PriceHistory(points: candles.candles.map { PricePoint(date: $0.time, close: $0.close) })
            return CoinFigures(
                detail: coin, history: closes, days: range.days ?? max(closes.spanDays, 1), interval: candles.interval, range: maxRange,
                limit: candles.limit)
        }
        return CoinFigures(detail: coin, history: PriceHistory(points: []), days: range.nominalDays, range: maxRange)
    }

    /// The body: figures and chart, or why they are not there yet.
    func body(width: Int) -> [StyledText] {
        let rows = model.layout.bodyRows
        guard let figures else {
            let text = detail.loading ? "  Loading \(Sanitizer.singleLine(detail.symbol))…" : "  No figures for this coin. Press r to try again."
            return [StyledText(""), StyledText(text, style: .secondary)]
        }
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

    /// The chart of the range shown, line or candles, with the lines under it saying what it
    /// is; while it loads (or failed) a line saying so instead.
    private func chartLines(_ figures: CoinFigures, columns: Int, rows: Int) -> [StyledText] {
        let what = detail.kind == .candles ? "candles" : "prices"
        let span = detail.range == .max ? "the whole history" : detail.range.label
        guard detail.kind == .line ? detail.shownSeries != nil : detail.shownCandles != nil else {
            let text = detail.isLoadingChart ? "Loading \(span) of \(what)…" : "No \(what) for \(span). Press r to try again."
            return [StyledText(text, style: .secondary)]
        }
        do throws(ChartError) {
            if detail.kind == .candles, let series = detail.shownCandles {
                return try candleLines(series, figures: figures, columns: columns, rows: rows)
            }
            let presenter = CoinPresenter(figures: figures, source: "")
            guard !figures.history.points.isEmpty else { return [StyledText("(no price history for this range)", style: .secondary)] }
            let under = presenter.footerLines.map { StyledText(Self.withoutSource($0.plainText), style: .secondary) }
            return try presenter.renderer(mode: chartMode).render([presenter.series], columns: columns, rows: max(1, rows - under.count)) + under
        } catch {
            return [StyledText("(\(CoinPresenter.noChartReason(error)))", style: .secondary)]
        }
    }

    /// The candle chart, with volume bars when the source has volume and the window has rows to
    /// spare, and the lines `coin --candles` puts under it.
    private func candleLines(_ series: CandleSeries, figures: CoinFigures, columns: Int, rows: Int) throws(ChartError) -> [StyledText] {
        guard !series.candles.isEmpty else { return [StyledText("(no candles for this range)", style: .secondary)] }
        let volume = series.hasVolume && rows >= Self.minimumVolumeRows
        let presenter = CoinCandlesPresenter(figures: figures, series: series, source: "", showsVolume: volume)
        let under = presenter.footerLines
        return try presenter.renderer(mode: chartMode).render(presenter.chartCandles, columns: columns, rows: max(1, rows - under.count)) + under
    }

    /// A footer of `coin` without its ", from SOURCE" (the status row names the source).
    private static func withoutSource(_ text: String) -> String {
        guard let cut = text.range(of: ", from ") else { return text }
        return String(text[..<cut.lowerBound])
    }

    /// The fewest chart rows that also get volume bars under candles.
    static let minimumVolumeRows = 12
}
