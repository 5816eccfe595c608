import Foundation
import LacriptaCore
import LacriptaTerminal

/// The "add coin" screen: the best matches over every coin the source lists, as you type, with
/// the query field in the footer (as the filter's is).
struct AddCoinView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let search: AddCoinPage

    /// The title bar: how many coins are searched, and the position in the results.
    func title(width: Int) -> StyledText {
        let count = model.yours.coinIndex.map { " · \($0.count) coins" } ?? ""
        let position = search.results.isEmpty ? "" : "\(search.cursor.selected + 1) of \(search.results.count)"
        return FramePieces.titleBar("lacripta · add a coin to your favourites\(count)", right: position, width: width)
    }

    /// The body: the results table, or what to do.
    func body(width: Int) -> [StyledText] {
        guard !search.results.isEmpty else { return [StyledText(""), StyledText("  " + emptyText, style: .secondary)] }
        var table = Table(columns: [
            Table.Column("Symbol", priority: 100, maxWidth: 14),
            Table.Column("Name", priority: 90, minWidth: 8, maxWidth: 40, isFlexible: true),
            Table.Column("Rank", alignment: .right, priority: 50),
            Table.Column("Key", priority: 30, maxWidth: 30),
            Table.Column("", priority: 20),
        ])
        for match in search.results {
            var symbol = StyledText(Sanitizer.singleLine(match.coin.symbol), style: .bold)
            if model.yours.isFavorite(match.coin.symbol) { symbol += StyledText(" ★", style: .mark) }
            let shared = match.sameSymbol > 1 ? "ticker shared by \(match.sameSymbol)" : ""
            table.addRow([
                symbol, StyledText(Sanitizer.singleLine(match.coin.name)),
                StyledText(match.rank.map { "#\($0)" } ?? PriceFormatter.missingValue, style: .secondary),
                StyledText(Sanitizer.singleLine(match.coin.id), style: .secondary), StyledText(shared, style: .secondary),
            ])
        }
        let lines = table.render(width: width - 1).map { StyledText(" ") + $0 }
        var body = [StyledText(""), lines.first ?? StyledText()]
        for index in search.cursor.visible(count: search.results.count, page: model.addCoinRows) where index + 1 < lines.count {
            let line = lines[index + 1]
            body.append(index == search.cursor.selected ? FramePieces.highlighted(line, width: width) : line)
        }
        return body
    }

    /// What the body says without results.
    private var emptyText: String {
        if model.yours.coinIndex == nil {
            if let error = model.yours.coinIndexError { return "The coin list could not be loaded: \(error)" }
            return "Loading the list of every coin…"
        }
        if search.editor.text.trimmingCharacters(in: .whitespaces).isEmpty { return "Type a ticker or a name: results appear as you type." }
        if search.searched != search.editor.text { return "Searching…" }
        return "No coin matches \"\(Sanitizer.singleLine(search.editor.text))\"."
    }

    /// The footer: the query field and its keys.
    func footer(width: Int) -> StyledText {
        let field = StyledText(" Add coin: ", style: .bold) + StyledText(search.editor.text) + FramePieces.textCursor
        return (field + StyledText("  ↑↓ choose · Enter add ★ · Esc back", style: .secondary)).truncated(toWidth: width)
    }
}
