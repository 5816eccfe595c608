import Foundation
import LacriptaCore
import LacriptaTerminal

/// The holdings screen on the ledger: `lacripta holdings`' table (amount, average cost, price,
/// value, share, unrealised, realised and total P/L per coin, then the total) valued at the
/// prices on screen with the selected coin highlighted, and under it that coin's open lots or its
/// disposals with their realised gains, or the portfolio's value over time with its cost basis
/// (`holdings chart`; Tab switches). With the amounts hidden the table keeps only what says nothing
/// about their size, and the panel shows nothing (a chart of values would tell the amounts).
struct LedgerHoldingsView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let holdings: HoldingsPage
    /// The ledger valued at the prices on screen (not empty).
    let valuation: LedgerValuation
    /// The book it was valued from.
    let book: LedgerBook
    /// Braille or blocks, from the locale.
    var chartMode = ChartMode.braille

    /// The fewest rows the chart is drawn in; below, a line says there is no room.
    static let minimumChartRows = 5

    /// The body: the table's window, the total, notes, then the panel in the rows left.
    func body(width: Int) -> [StyledText] {
        let presenter = LedgerPresenter(valuation: valuation, method: book.method, hideAmounts: holdings.hideAmounts, source: "")
        let lines = presenter.table(width: width - 1).map { StyledText(" ") + $0 }
        // Header, one line per coin, then the total.
        guard lines.count >= valuation.lines.count + 2 else { return lines }
        var body = [lines[0]]
        for index in holdings.cursor.visible(count: valuation.lines.count, page: model.holdingRows) {
            let line = lines[index + 1]
            body.append(index == holdings.cursor.selected ? FramePieces.highlighted(line, width: width) : line)
        }
        body.append(lines[valuation.lines.count + 1])
        if model.yours.quotesLoading { body.append(StyledText("  loading prices…", style: .secondary)) }
        body += presenter.notes.map { StyledText("  " + Sanitizer.singleLine($0), style: .secondary) }
        // A blank line, the panel's title and at least one line of it, or no panel.
        let room = model.layout.bodyRows - body.count - 1
        guard room >= 2, valuation.lines.indices.contains(holdings.cursor.selected) else { return body }
        return body + [StyledText("")] + panel(for: valuation.lines[holdings.cursor.selected].symbol, width: width, room: room)
    }

    /// The selected coin's lots or disposals in at most `room` lines, title included.
    private func panel(for symbol: String, width: Int, room: Int) -> [StyledText] {
        let shown = Sanitizer.singleLine(symbol)
        let method = book.method.rawValue
        guard !holdings.hideAmounts else {
            if holdings.panel == .chart {
                return [StyledText(" Value over time: hidden with the amounts (its values would tell them)", style: .secondary)]
            }
            return [StyledText(" \(shown): lots and realised gains are hidden with the amounts", style: .secondary)]
        }
        let coin = book.only(symbol)
        let rows = room - 1
        switch holdings.panel {
        case .lots:
            let title = StyledText(" Open lots of \(shown) (\(method))", style: .bold) + StyledText(" · Tab: realised", style: .secondary)
            guard !(coin.lots[symbol] ?? []).isEmpty else { return [title, StyledText("  none: nothing of it is held", style: .secondary)] }
            var lines = LedgerReports.lots(coin, width: width - 2).map { StyledText("  ") + $0 }
            if lines.count > rows {
                // The oldest lots first, as sales take them under FIFO; the rest are a command away.
                let more = lines.count - rows + 1
                lines = Array(lines.prefix(rows - 1)) + [StyledText("  … \(more) more: lacripta holdings --lots", style: .secondary)]
            }
            return [title] + lines
        case .chart:
            return chartPanel(width: width, room: room)
        case .realized:
            let title = StyledText(" Realised on \(shown) (\(method))", style: .bold) + StyledText(" · Tab: chart", style: .secondary)
            var lines = LedgerReports.realized(coin, year: nil, width: width - 2).map { StyledText("  ") + $0 }
            if lines.count > rows, rows >= 3 {
                // The table's header, the latest disposals and the total; the earlier ones a command away.
                let earlier = lines.count - rows + 1
                lines = [lines[0], StyledText("  … \(earlier) earlier: lacripta holdings --realized", style: .secondary)] + lines.suffix(rows - 2)
            } else if lines.count > rows {
                lines = Array(lines.suffix(rows))
            }
            return [title] + lines
        }
    }

    /// The whole portfolio's value per day and its cost basis in at most `room` lines, title and
    /// caption included; while the closes load (or when they failed) a line saying so.
    private func chartPanel(width: Int, room: Int) -> [StyledText] {
        let title = StyledText(" Value over time (\(book.method.rawValue))", style: .bold) + StyledText(" · Tab: lots", style: .secondary)
        guard let chart = holdings.chart else {
            guard !holdings.chartLoading else { return [title, StyledText("  Loading the daily closes of your coins…", style: .secondary)] }
            return [
                title, StyledText("  No chart: " + Sanitizer.singleLine(holdings.chartError ?? "nothing loaded yet"), style: .secondary),
                StyledText("  Press r to try again.", style: .secondary),
            ]
        }
        let leftOut = !chart.history.unpriced.isEmpty || !chart.history.uncosted.isEmpty
        var under = [StyledText("  " + chart.shortCaption + (leftOut ? "; some coins left out" : ""), style: .secondary)]
        if let limit = chart.limit { under.append(StyledText("  " + Sanitizer.singleLine(limit), style: .secondary)) }
        let rows = room - 1 - under.count
        guard rows >= Self.minimumChartRows else {
            return [title, StyledText("  (no room for the chart: make the window taller)", style: .secondary)]
        }
        let renderer = ChartRenderer(mode: chartMode, priceFormatter: PriceFormatter(currency: chart.currency))
        do throws(ChartError) {
            let lines = try renderer.render(chart.series, columns: width - 2, rows: rows)
            return [title] + lines.map { StyledText("  ") + $0 } + under
        } catch {
            return [title, StyledText("  (\(CoinPresenter.noChartReason(error)))", style: .secondary)]
        }
    }
}
