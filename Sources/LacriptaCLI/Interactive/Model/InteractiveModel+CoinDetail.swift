import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// Opens the detail screen of `symbol`; `id` is the source's key when the toplist gave it
    /// (so the coin shown is the row chosen, not another with the same ticker).
    mutating func openCoinDetail(symbol: String, name: String, id: String?) -> [InteractiveEffect] {
        let page = CoinDetailPage(symbol: symbol, name: name, id: id, currency: currency, loadingDays: [CoinDetailPage.defaultDays])
        pages.append(.coin(page))
        return [.yours(.fetchCoin(symbol: symbol, id: id, currency: currency, days: page.days))]
    }

    /// Takes a coin's detail (and its first range) into every open detail page of that coin.
    mutating func coinLoaded(symbol: String, currency: String, _ result: Result<CoinLoad, LacriptaError>) -> [InteractiveEffect] {
        var effects: [InteractiveEffect] = []
        for index in pages.indices {
            guard case .coin(var detail) = pages[index], detail.symbol == symbol, detail.currency == currency else { continue }
            detail.loading = false
            switch result {
            case .success(let load):
                detail.loadingDays.remove(load.days)
                detail.id = load.id
                var figures = load.detail.value
                // CryptoCompare's price API has no names; the list the coin was found in has.
                if figures.name.caseInsensitiveCompare(figures.symbol) == .orderedSame { figures.name = load.name }
                detail.detail = figures
                detail.histories[load.days] = load.history.value
                detail.fetchedAt = load.detail.fetchedAt
                detail.note = load.note.map(Sanitizer.singleLine)
                detail.error = (load.detail.offlineReason ?? load.history.offlineReason).map(Self.describe)
                // A range chosen while the first request was out.
                if detail.histories[detail.days] == nil, !detail.loadingDays.contains(detail.days) {
                    detail.loadingDays.insert(detail.days)
                    effects.append(.yours(.fetchHistory(symbol: symbol, id: load.id, currency: currency, days: detail.days)))
                }
            case .failure(let error):
                detail.loadingDays = []
                detail.error = Self.describe(error)
            }
            pages[index] = .coin(detail)
        }
        return effects
    }

    /// Takes one range of a coin's history.
    mutating func historyLoaded(
        symbol: String, currency: String, days: Int, _ result: Result<Fetched<PriceHistory>, LacriptaError>
    ) -> [InteractiveEffect] {
        for index in pages.indices {
            guard case .coin(var detail) = pages[index], detail.symbol == symbol, detail.currency == currency else { continue }
            detail.loadingDays.remove(days)
            switch result {
            case .success(let fetched):
                detail.histories[days] = fetched.value
                detail.error = fetched.offlineReason.map(Self.describe)
            case .failure(let error):
                detail.error = Self.describe(error)
            }
            pages[index] = .coin(detail)
        }
        return []
    }
}
