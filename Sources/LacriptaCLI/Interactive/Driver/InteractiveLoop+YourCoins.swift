import Foundation
import LacriptaCore

extension InteractiveLoop {
    /// Turns a "your coins" effect into work: store access and fetches run as child tasks that
    /// report back as events; the search debounce is a timer whose event the model checks
    /// against the field's latest edit.
    func perform(_ effect: YourCoinsEffect, into reaction: inout ViewReaction<Event>) {
        let work = yourCoins
        switch effect {
        case .loadStore:
            reaction.work.append(.task { inbox in inbox.send(.model(work.loadStore())) })
        case .writeFavorite(let change):
            reaction.work.append(.task { inbox in inbox.send(.model(work.write(change))) })
        case .fetchQuotes(let symbols, let currency):
            reaction.work.append(.task { inbox in inbox.send(.model(await work.quotes(symbols: symbols, currency: currency))) })
        case .fetchCoin(let symbol, let id, let currency, let range):
            reaction.work.append(.task { inbox in inbox.send(.model(await work.coin(symbol: symbol, id: id, currency: currency, range: range))) })
        case .fetchHistory(let symbol, let id, let currency, let range):
            reaction.work.append(.task { inbox in inbox.send(.model(await work.history(symbol: symbol, id: id, currency: currency, range: range))) })
        case .fetchCandles(let request):
            reaction.work.append(.task { inbox in inbox.send(.model(await work.candles(request))) })
        case .fetchCoinList(let currency):
            reaction.work.append(.task { inbox in inbox.send(.model(await work.coinList(currency: currency))) })
        case .loadPortfolioChart(let currency):
            reaction.work.append(.task { inbox in inbox.send(.model(await work.portfolioChart(currency: currency))) })
        case .debounceSearch(let generation):
            reaction.work.append(.after(AddCoinPage.debounce, .model(.yours(.searchDue(generation: generation)))))
        }
    }
}
