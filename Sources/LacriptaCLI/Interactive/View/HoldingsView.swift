import Foundation
import LacriptaCore
import LacriptaTerminal

/// The holdings screen: `lacripta holdings`'s table (`HoldingsPresenter`) valued at the prices
/// on screen, the selected coin highlighted, the total last, and the notes about costs in
/// another currency under it.
struct HoldingsView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let holdings: HoldingsPage

    /// The title bar: how many coins, in which currency.
    func title(width: Int) -> StyledText {
        let count = model.yours.holdings.count
        let hidden = model.options.hideAmounts ? " · amounts hidden" : ""
        return FramePieces.titleBar("lacripta · holdings · \(count) coin\(count == 1 ? "" : "s") · \(model.currency)\(hidden)", width: width)
    }

    /// The body: the table's window, the total, the notes.
    func body(width: Int) -> [StyledText] {
        let valuation = model.holdingsValuation
        guard !valuation.lines.isEmpty else {
            let text =
                holdings.loading
                ? "  Reading your holdings…" : "  No holdings yet: record one with `lacripta holdings set BTC 0.5 --cost 30000`."
            return [StyledText(""), StyledText(text, style: .secondary)]
        }
        let presenter = HoldingsPresenter(valuation: valuation, hideAmounts: model.options.hideAmounts, source: "")
        let lines = presenter.table(width: width - 1).map { StyledText(" ") + $0 }
        // Header, one line per holding, then the total.
        guard lines.count >= valuation.lines.count + 2 else { return lines }
        var body = [lines[0]]
        for index in holdings.cursor.visible(count: valuation.lines.count, page: model.holdingRows) {
            let line = lines[index + 1]
            body.append(index == holdings.cursor.selected ? FramePieces.highlighted(line, width: width) : line)
        }
        body.append(lines[valuation.lines.count + 1])
        let notes = presenter.notes
        if !notes.isEmpty || model.yours.quotesLoading {
            body.append(StyledText(""))
            if model.yours.quotesLoading { body.append(StyledText("  loading prices…", style: .secondary)) }
            body += notes.map { StyledText("  " + Sanitizer.singleLine($0), style: .secondary) }
        }
        return body
    }
}
