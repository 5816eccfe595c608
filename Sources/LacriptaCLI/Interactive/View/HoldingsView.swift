import Foundation
import LacriptaCore
import LacriptaTerminal

/// The holdings screen: on the ledger, `LedgerHoldingsView`; before the journal is read,
/// `lacripta holdings`'s table of the holdings file (`HoldingsPresenter`) valued at the prices on
/// screen, the selected coin highlighted, the total last, and the notes about costs in another
/// currency under it.
struct HoldingsView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let holdings: HoldingsPage
    /// Braille or blocks, from the locale (the ledger's chart panel).
    var chartMode = ChartMode.braille

    /// The title bar: how many coins, in which currency.
    func title(width: Int) -> StyledText {
        let count = model.holdingSymbols.count
        let hidden = holdings.hideAmounts ? " · amounts hidden" : ""
        return FramePieces.titleBar("lacripta · holdings · \(count) coin\(count == 1 ? "" : "s") · \(model.currency)\(hidden)", width: width)
    }

    /// The body: the table's window, the total, the notes.
    func body(width: Int) -> [StyledText] {
        if let book = model.yours.book, let ledger = model.ledgerValuation {
            guard !ledger.lines.isEmpty else {
                return [
                    StyledText(""),
                    StyledText("  No holdings yet: record one with `lacripta holdings buy BTC 0.5 --price 30000`.", style: .secondary),
                ]
            }
            return LedgerHoldingsView(model: model, holdings: holdings, valuation: ledger, book: book, chartMode: chartMode).body(width: width)
        }
        let valuation = model.holdingsValuation
        guard !valuation.lines.isEmpty else {
            let text =
                holdings.loading
                ? "  Reading your holdings…" : "  No holdings yet: record one with `lacripta holdings set BTC 0.5 --cost 30000`."
            return [StyledText(""), StyledText(text, style: .secondary)]
        }
        let presenter = HoldingsPresenter(valuation: valuation, hideAmounts: holdings.hideAmounts, source: "")
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
