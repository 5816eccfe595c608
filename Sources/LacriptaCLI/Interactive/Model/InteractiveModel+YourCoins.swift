import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// Takes a report of the "your coins" work.
    mutating func handleYourCoins(_ event: YourCoinsEvent) -> [InteractiveEffect] {
        switch event {
        case .storeLoaded(let result): return storeLoaded(result)
        case .favoriteWritten(let write, let result): return favoriteWritten(write, result)
        case .quotesLoaded(let currency, let result): return quotesLoaded(currency: currency, result)
        case .coinLoaded(let symbol, let currency, let result): return coinLoaded(symbol: symbol, currency: currency, result)
        case .historyLoaded(let symbol, let currency, let range, let result):
            return historyLoaded(symbol: symbol, currency: currency, range: range, result)
        case .candlesLoaded(let request, let result): return candlesLoaded(request, result)
        case .coinListLoaded(let result): return coinListLoaded(result)
        case .searchDue(let generation): return searchDue(generation: generation)
        case .portfolioChartLoaded(let currency, let result): return portfolioChartLoaded(currency: currency, result)
        }
    }

    /// `Tab` with the favourites shown: the next watchlist group, the selection kept when it can.
    mutating func showNextGroup() -> [InteractiveEffect] {
        guard yours.favoritesOnly && !yours.groups.isEmpty else { return [] }
        keepSelection { $0.yours.shownGroup = $0.yours.nextGroup }
        return favoriteQuotesUpdate()
    }

    /// The toplist rows before filtering and sorting: every loaded coin, or with `F` the
    /// favourites in the user's order, numbered in that order, priced from the toplist where it
    /// has them and from the quotes request otherwise (dashes until it answers).
    var unfilteredRows: [Coin] {
        guard yours.favoritesOnly else { return coins }
        return yours.shownFavorites.enumerated().map { index, symbol in
            var coin =
                listedCoin(symbol)
                ?? Coin(rank: 0, symbol: symbol, name: yours.names[symbol] ?? symbol, quote: yours.quote(for: symbol, currency: currency))
            coin.rank = index + 1
            return coin
        }
    }

    /// What the holdings among the shown favourites are worth in the shown currency, where some
    /// are held and every held one has a price; nil otherwise (a partial sum would mislead).
    var shownFavoritesHeldValue: Decimal? {
        let shown = Set(yours.shownFavorites)
        let held = yours.holdings.filter { shown.contains($0.symbol.uppercased()) }
        guard !held.isEmpty else { return nil }
        var total = Decimal(0)
        for holding in held {
            guard let price = price(of: holding.symbol), price.isFinite, price >= 0,
                let value = (holding.amount.value * Decimal(price)).fitting
            else { return nil }
            total += value
        }
        return total.fitting
    }

    /// The loaded toplist's coin with ticker `symbol`.
    func listedCoin(_ symbol: String) -> Coin? {
        coins.first { $0.symbol.uppercased() == symbol.uppercased() }
    }

    /// The price of `symbol` in the shown currency: live, else the toplist's, else the quotes request's.
    func price(of symbol: String) -> Double? {
        liveTick(for: symbol)?.price ?? listedCoin(symbol)?.quote?.price ?? yours.quote(for: symbol, currency: currency)?.price
    }

    /// Stars `symbol` or takes its star away: shown at once, written to the store in order.
    mutating func toggleFavorite(_ symbol: String, name: String?) -> [InteractiveEffect] {
        guard let symbol = CoinSymbol.normalized(symbol) else {
            yours.storeError = "\(Sanitizer.singleLine(symbol)) cannot be kept as a favourite (not a plain ticker)"
            return []
        }
        if let name, name.uppercased() != symbol { yours.names[symbol] = name }
        let on = !yours.isFavorite(symbol)
        keepSelection { model in
            if on {
                model.yours.favorites.append(symbol)
            } else {
                model.yours.favorites.removeAll { $0 == symbol }
            }
        }
        yours.pendingWrites.append(FavoriteWrite(symbol: symbol, on: on))
        return nextFavoriteWrite()
    }

    /// The next queued write, unless one is out.
    private mutating func nextFavoriteWrite() -> [InteractiveEffect] {
        guard !yours.writing, let write = yours.pendingWrites.first else { return [] }
        yours.writing = true
        return [.yours(.writeFavorite(write))]
    }

    /// A write landed: the file's list wins once nothing else is queued; a failure takes the
    /// change back and says why on the status row.
    private mutating func favoriteWritten(_ write: FavoriteWrite, _ result: Result<[String], LacriptaError>) -> [InteractiveEffect] {
        yours.writing = false
        if yours.pendingWrites.first == write { yours.pendingWrites.removeFirst() }
        switch result {
        case .success(let stored):
            yours.storeError = nil
            notice = write.on ? "★ \(write.symbol) added to your favourites" : "\(write.symbol) removed from your favourites"
            if yours.pendingWrites.isEmpty { keepSelection { $0.yours.favorites = stored } }
        case .failure(let error):
            yours.storeError = "favourite not saved: " + Self.describe(error)
            keepSelection { model in
                if write.on {
                    model.yours.favorites.removeAll { $0 == write.symbol }
                } else if !model.yours.favorites.contains(write.symbol) {
                    model.yours.favorites.append(write.symbol)
                }
            }
        }
        return nextFavoriteWrite() + favoriteQuotesUpdate()
    }

    /// `F`: all coins or only the favourites; the selection stays on the same coin when it can.
    mutating func toggleFavoritesOnly() -> [InteractiveEffect] {
        keepSelection { $0.yours.favoritesOnly.toggle() }
        return favoriteQuotesUpdate()
    }

    /// Asks for the favourites the toplist lacks, when the favourites are shown and some lack a price.
    mutating func favoriteQuotesUpdate(refresh: Bool = false) -> [InteractiveEffect] {
        guard yours.favoritesOnly else { return [] }
        return quotesRequest(for: yours.shownFavorites, refresh: refresh)
    }

    /// One quotes request for those of `symbols` the toplist does not price (all of them again
    /// when `refresh`, else only those not asked for yet); none while one is out (its answer
    /// asks for what came up meanwhile).
    mutating func quotesRequest(for symbols: [String], refresh: Bool) -> [InteractiveEffect] {
        if yours.askedCurrency != currency {
            yours.asked = []
            yours.askedCurrency = currency
        }
        let missing = symbols.filter { symbol in
            listedCoin(symbol) == nil && (refresh || !yours.asked.contains(symbol))
        }
        // Until the toplist has answered once, what it holds is unknown: its answer asks again.
        guard !missing.isEmpty, !yours.quotesLoading, fetchedAt != nil || toplistError != nil else { return [] }
        yours.quotesLoading = true
        yours.asked.formUnion(missing)
        return [.yours(.fetchQuotes(symbols: missing, currency: currency))]
    }

    /// After a toplist answer: prices for what the toplist does not hold, when shown.
    mutating func yourCoinsAfterToplist() -> [InteractiveEffect] {
        if case .holdings = page { return quotesRequest(for: holdingQuoteSymbols, refresh: true) }
        return favoriteQuotesUpdate(refresh: true)
    }

    private mutating func quotesLoaded(currency: String, _ result: Result<Fetched<[String: Quote]>, LacriptaError>) -> [InteractiveEffect] {
        yours.quotesLoading = false
        guard currency == self.currency else { return [] }
        switch result {
        case .success(let fetched):
            if yours.quotesCurrency != currency { yours.quotes = [:] }
            yours.quotesCurrency = currency
            yours.quotes.merge(fetched.value) { _, new in new }
            yours.quotesError = fetched.offlineReason.map(Self.describe)
        case .failure(let error):
            yours.quotesError = Self.describe(error)
        }
        // Coins starred or shown while this request was out.
        if case .holdings = page { return quotesRequest(for: holdingQuoteSymbols, refresh: false) }
        return favoriteQuotesUpdate()
    }

    /// The store as read: favourites and holdings replace what was shown; an unreadable file is
    /// said on the status row and changes nothing.
    private mutating func storeLoaded(_ result: Result<StoreSnapshot, LacriptaError>) -> [InteractiveEffect] {
        for index in pages.indices {
            if case .holdings(var holdings) = pages[index] {
                holdings.loading = false
                pages[index] = .holdings(holdings)
            }
        }
        switch result {
        case .success(let snapshot):
            yours.storeLoaded = true
            yours.storeError = nil
            yours.holdings = snapshot.holdings
            yours.book = snapshot.book
            yours.groups = snapshot.groups
            if let shown = yours.shownGroup, !snapshot.groups.contains(where: { $0.name == shown }) { yours.shownGroup = nil }
            // A write under way knows better than a read that may have raced it.
            if yours.pendingWrites.isEmpty { keepSelection { $0.yours.favorites = snapshot.favorites } }
        case .failure(let error):
            yours.storeError = Self.describe(error)
        }
        if case .holdings = page { return quotesRequest(for: holdingQuoteSymbols, refresh: true) }
        return favoriteQuotesUpdate()
    }
}
