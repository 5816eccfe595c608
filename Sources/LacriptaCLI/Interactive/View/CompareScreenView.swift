import Foundation
import LacriptaCore
import LacriptaTerminal

/// The compare screen (`x`): `lacripta compare`'s table and chart for the selected coin, inside
/// the full-screen view.
struct CompareScreenView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let compare: ComparePage
    /// Braille or blocks.
    let chartMode: ChartMode

    /// The title bar.
    func title(width: Int) -> StyledText {
        let left = "lacripta · compare \(compare.pair) · \(Sanitizer.singleLine(compare.name))"
        return FramePieces.titleBar(left, right: "\(compare.exchanges.count) exchanges", width: width)
    }

    /// The table, then the chart in the rows left.
    func body(width: Int) -> [StyledText] {
        var lines = CompareTable(comparison: compare.comparison).lines(at: model.now, width: width)
        let chart = CompareChart(
            history: compare.history, exchanges: compare.exchanges, currency: compare.pair.quote, mode: chartMode, focus: compare.chartFocus)
        let room = min(CompareRun.chartRows, model.layout.bodyRows - lines.count - 1)
        let chartLines = chart.lines(at: model.now, width: width, height: room)
        if !chartLines.isEmpty { lines += [StyledText("")] + chartLines }
        return lines
    }
}
