import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// Result rows in the window: the body less a blank line and the table header.
    var addCoinRows: Int { max(1, layout.bodyRows - 2) }

    /// `a`: the search over every coin; the coin list is loaded once (the source caches it a day).
    mutating func openAddCoin() -> [InteractiveEffect] {
        pages.append(.addCoin(AddCoinPage()))
        guard yours.coinIndex == nil, !yours.coinIndexLoading else { return [] }
        yours.coinIndexLoading = true
        yours.coinIndexError = nil
        return [.yours(.fetchCoinList(currency: currency))]
    }

    /// Typing a query: each edit waits out the debounce before it is searched, so a word typed
    /// is one search, never a request (the list is local). Arrows move through the results,
    /// Enter adds the selected coin, Esc goes back.
    mutating func handleAddCoinKey(_ key: Key) -> [InteractiveEffect] {
        guard case .addCoin(var search) = page else { return [] }
        switch search.editor.handle(key) {
        case .edited:
            search.generation += 1
            replaceTop(.addCoin(search))
            return [.yours(.debounceSearch(generation: search.generation))]
        case .unchanged:
            replaceTop(.addCoin(search))
        case .submit:
            if search.searched != search.editor.text { runSearch(&search) }
            guard search.results.indices.contains(search.cursor.selected) else {
                replaceTop(.addCoin(search))
                return []
            }
            return addFromSearch(search.results[search.cursor.selected].coin)
        case .cancel:
            goBack()
        case .ignored:
            if let movement = Movement(fieldKey: key, page: addCoinRows) {
                movement.apply(to: &search.cursor, count: search.results.count, page: addCoinRows)
                replaceTop(.addCoin(search))
            }
        }
        return []
    }

    /// The debounce ran out: search, unless the text changed again meanwhile.
    mutating func searchDue(generation: Int) -> [InteractiveEffect] {
        guard case .addCoin(var search) = page, search.generation == generation else { return [] }
        runSearch(&search)
        replaceTop(.addCoin(search))
        return []
    }

    /// Searches the coin list for the field's text (nothing until the list is loaded).
    mutating func runSearch(_ search: inout AddCoinPage) {
        search.searched = search.editor.text
        search.results = yours.coinIndex?.search(search.editor.text, limit: AddCoinPage.resultLimit) ?? []
        search.cursor = ListCursor()
    }

    /// The coin list arrived: searched at once for whatever was typed meanwhile.
    mutating func coinListLoaded(_ result: Result<Fetched<CoinSearch>, LacriptaError>) -> [InteractiveEffect] {
        yours.coinIndexLoading = false
        switch result {
        case .success(let fetched):
            yours.coinIndex = fetched.value
            yours.coinIndexError = fetched.offlineReason.map(Self.describe)
        case .failure(let error):
            yours.coinIndexError = Self.describe(error)
        }
        for index in pages.indices {
            guard case .addCoin(var search) = pages[index] else { continue }
            runSearch(&search)
            pages[index] = .addCoin(search)
        }
        return []
    }

    /// Enter on a result: star it (unless it is already) and jump to it in the toplist, showing
    /// the favourites when the loaded toplist does not hold it.
    private mutating func addFromSearch(_ entry: CoinListEntry) -> [InteractiveEffect] {
        guard let symbol = CoinSymbol.normalized(entry.symbol) else {
            yours.storeError = "\(Sanitizer.singleLine(entry.symbol)) cannot be kept as a favourite (not a plain ticker)"
            return []
        }
        while pages.count > 1 { goBack() }
        yours.names[symbol] = Sanitizer.singleLine(entry.name)
        var effects: [InteractiveEffect] = []
        if yours.isFavorite(symbol) {
            notice = "\(symbol) is already one of your favourites"
        } else {
            effects += toggleFavorite(symbol, name: entry.name)
        }
        toplist.filter = ""
        toplist.filterEditor = nil
        if listedCoin(symbol) == nil { yours.favoritesOnly = true }
        let rows = rows
        if let index = rows.firstIndex(where: { $0.symbol.uppercased() == symbol }) {
            toplist.cursor.select(index, count: rows.count, page: layout.toplistRows)
        }
        return effects + favoriteQuotesUpdate()
    }
}
