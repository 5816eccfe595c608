import Foundation
import LacriptaCore
import LacriptaTerminal

/// The holdings screen on the ledger: `lacripta holdings`' table (amount, average cost, price,
/// value, share, unrealised, realised and total P/L per coin, then the total) valued at the
/// prices on screen with the selected coin highlighted, and under it that coin's open lots or its
/// disposals with their realised gains (Tab switches). With the amounts hidden the table keeps
/// only what says nothing about their size, and the panel shows nothing.
struct LedgerHoldingsView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let holdings: HoldingsPage
    /// The ledger valued at the prices on screen (not empty).
    let valuation: LedgerValuation
    /// The book it was valued from.
    let book: LedgerBook

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
        case .realized:
            let title = StyledText(" Realised on \(shown) (\(method))", style: .bold) + StyledText(" · Tab: lots", style: .secondary)
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
}
