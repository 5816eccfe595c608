import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// Opens the detail screen of `symbol`; `id` is the source's key when the toplist gave it
    /// (so the coin shown is the row chosen, not another with the same ticker).
    mutating func openCoinDetail(symbol: String, name: String, id: String?) -> [InteractiveEffect] {
        let page = CoinDetailPage(symbol: symbol, name: name, id: id, currency: currency, loadingSeries: [CoinDetailPage.defaultRange])
        pages.append(.coin(page))
        return [.yours(.fetchCoin(symbol: symbol, id: id, currency: currency, range: page.range))]
    }

    /// Takes a coin's detail (and its first range) into every open detail page of that coin.
    mutating func coinLoaded(symbol: String, currency: String, _ result: Result<CoinLoad, LacriptaError>) -> [InteractiveEffect] {
        var effects: [InteractiveEffect] = []
        for index in pages.indices {
            guard case .coin(var detail) = pages[index], detail.symbol == symbol, detail.currency == currency else { continue }
            detail.loading = false
            switch result {
            case .success(let load):
                detail.loadingSeries.remove(load.range)
                detail.id = load.id
                var figures = load.detail.value
                // CryptoCompare's price API has no names; the list the coin was found in has.
                if figures.name.caseInsensitiveCompare(figures.symbol) == .orderedSame { figures.name = load.name }
                detail.detail = figures
                detail.series[load.range] = load.series.value
                detail.fetchedAt = load.detail.fetchedAt
                detail.note = load.note.map(Sanitizer.singleLine)
                detail.error = (load.detail.offlineReason ?? load.series.offlineReason).map(Self.describe)
                // A range or candles chosen while the first request was out.
                effects += detail.fetchShown()
            case .failure(let error):
                detail.loadingSeries = []
                detail.loadingCandles = []
                detail.error = Self.describe(error)
            }
            pages[index] = .coin(detail)
        }
        return effects
    }

    /// Takes one range of a coin's prices.
    mutating func historyLoaded(
        symbol: String, currency: String, range: ChartRange, _ result: Result<Fetched<PriceSeries>, LacriptaError>
    ) -> [InteractiveEffect] {
        for index in pages.indices {
            guard case .coin(var detail) = pages[index], detail.symbol == symbol, detail.currency == currency else { continue }
            detail.loadingSeries.remove(range)
            switch result {
            case .success(let fetched):
                detail.series[range] = fetched.value
                detail.error = fetched.offlineReason.map(Self.describe)
            case .failure(let error):
                detail.error = Self.describe(error)
            }
            pages[index] = .coin(detail)
        }
        return []
    }

    /// Takes one range of a coin's candles; a source passed over (an exchange that could not be
    /// reached) is named on the status row, as `coin --candles` notes it.
    mutating func candlesLoaded(_ request: CandleRequest, _ result: Result<CandleChain.Answer, LacriptaError>) -> [InteractiveEffect] {
        for index in pages.indices {
            guard case .coin(var detail) = pages[index], detail.symbol == request.symbol, detail.currency == request.currency else {
                continue
            }
            detail.loadingCandles.remove(request.range)
            switch result {
            case .success(let answer):
                detail.candles[request.range] = answer.series.value
                detail.error = answer.series.offlineReason.map(Self.describe) ?? answer.notes.first.map(Sanitizer.singleLine)
            case .failure(let error):
                detail.error = Self.describe(error)
            }
            pages[index] = .coin(detail)
        }
        return []
    }
}
