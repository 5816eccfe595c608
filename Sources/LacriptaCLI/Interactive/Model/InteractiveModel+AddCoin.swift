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

    /// A key for the add-coin search: its screen model takes it.
    mutating func handleAddCoinKey(_ key: Key) -> [InteractiveEffect] {
        guard case .addCoin(var search) = page else { return [] }
        let commands = search.edit(key, index: yours.coinIndex, rows: addCoinRows)
        replaceTop(.addCoin(search))
        return apply(commands)
    }

    /// The debounce ran out: search, unless the text changed again meanwhile.
    mutating func searchDue(generation: Int) -> [InteractiveEffect] {
        guard case .addCoin(var search) = page else { return [] }
        search.searchDue(generation: generation, index: yours.coinIndex)
        replaceTop(.addCoin(search))
        return []
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
            search.search(in: yours.coinIndex)
            pages[index] = .addCoin(search)
        }
        return []
    }

    /// Enter on a result: star it (unless it is already) and jump to it in the toplist, showing
    /// the favourites when the loaded toplist does not hold it.
    mutating func addFromSearch(_ entry: CoinListEntry) -> [InteractiveEffect] {
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
