import Foundation

extension MarketDataSource {
    /// The coins `symbols` name, in that order, priced in `currency` by ONE request for the whole
    /// set (`availableQuotes`): a list of favourites costs the same however long it is. A coin the
    /// service has no figures for stays in the list without a quote (dashes, not a shorter list).
    /// Names come from the cached toplist when it lists the coin, else the ticker stands in.
    public func coins(symbols: [String], currency: String) async throws -> Fetched<[Coin]> {
        let fetched = try await availableQuotes(symbols: symbols, currency: currency)
        var names: [String: String] = [:]
        for coin in cachedToplist(currency: currency)?.coins ?? [] where names[coin.symbol.uppercased()] == nil {
            names[coin.symbol.uppercased()] = coin.name
        }
        let coins = SymbolList(symbols).symbols.enumerated().map { index, symbol in
            Coin(rank: index + 1, symbol: symbol, name: names[symbol] ?? symbol, quote: fetched.value[symbol])
        }
        return Fetched(value: coins, fetchedAt: fetched.fetchedAt, offlineReason: fetched.offlineReason)
    }

    /// The search index over this source's whole coin list (cached for a day), ranked with the
    /// cached toplist where the list has no ranks of its own (CoinGecko's `/coins/list`).
    public func coinSearch(currency: String) async throws -> Fetched<CoinSearch> {
        let list = try await coinList()
        let search = CoinSearch(entries: list.value, ranks: toplistRanks(currency: currency))
        return Fetched(value: search, fetchedAt: list.fetchedAt, offlineReason: list.offlineReason)
    }

    /// The cached toplist's ranks keyed as `CoinSearch` wants them: by the source's key upper-cased
    /// (CoinGecko's id; CryptoCompare's key is the ticker).
    func toplistRanks(currency: String) -> [String: Int] {
        let toplist = cachedToplist(currency: currency) ?? (currency == "USD" ? nil : cachedToplist(currency: "USD"))
        var ranks: [String: Int] = [:]
        for coin in toplist?.coins ?? [] {
            let key = (coin.sourceID ?? coin.symbol).uppercased()
            if ranks[key] == nil { ranks[key] = coin.rank }
        }
        return ranks
    }
}
