import LacriptaCore
import LacriptaTerminal

/// The add-coin screen's model: its search field has the keyboard, so it takes keys rather than
/// actions. Each edit waits out the debounce before it is searched, so a word typed is one
/// search, never a request (the list is local); arrows move through the results, Enter adds the
/// selected coin, Esc goes back.
extension AddCoinPage {
    /// A key for the search field, over the coin list `index` (nil until it is loaded), with
    /// `rows` results in the window.
    mutating func edit(_ key: Key, index: CoinSearch?, rows: Int) -> [ScreenCommand] {
        switch editor.handle(key) {
        case .edited:
            generation += 1
            return [.effect(.yours(.debounceSearch(generation: generation)))]
        case .unchanged:
            return []
        case .submit:
            if searched != editor.text { search(in: index) }
            guard results.indices.contains(cursor.selected) else { return [] }
            return [.addFavourite(results[cursor.selected].coin)]
        case .cancel:
            return [.back]
        case .ignored:
            if let movement = Movement(fieldKey: key, page: rows) {
                movement.apply(to: &cursor, count: results.count, page: rows)
            }
            return []
        }
    }

    /// The debounce for `generation` ran out: searches, unless the text changed again meanwhile.
    mutating func searchDue(generation: Int, index: CoinSearch?) {
        guard generation == self.generation else { return }
        search(in: index)
    }

    /// Searches `index` for the field's text (nothing until the list is loaded).
    mutating func search(in index: CoinSearch?) {
        searched = editor.text
        results = index?.search(editor.text, limit: Self.resultLimit) ?? []
        cursor = ListCursor()
    }
}
