import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// The holdings valued in the shown currency, at the prices on screen (live, toplist, or the
    /// quotes request for coins the toplist lacks).
    var holdingsValuation: HoldingsValuation {
        var prices: [String: Double] = [:]
        for holding in yours.holdings {
            if let price = price(of: holding.symbol) { prices[holding.symbol.uppercased()] = price }
        }
        return HoldingsValuation(holdings: yours.holdings, prices: prices, currency: currency)
    }

    /// Holding rows in the window: the body less the table header, the total and a blank line
    /// before the notes.
    var holdingRows: Int { max(1, layout.bodyRows - 4) }

    /// An action on the holdings: move, the selected coin's detail or star, reload, back.
    mutating func handleHoldings(_ action: ViewAction) -> [InteractiveEffect] {
        guard case .holdings(var holdings) = page else { return [] }
        let count = yours.holdings.count
        if let movement = Movement(action, page: holdingRows) {
            movement.apply(to: &holdings.cursor, count: count, page: holdingRows)
            replaceTop(.holdings(holdings))
            return []
        }
        let selected = yours.holdings.indices.contains(holdings.cursor.selected) ? yours.holdings[holdings.cursor.selected] : nil
        switch action {
        case .openDetail:
            guard let selected else { return [] }
            return openCoinDetail(symbol: selected.symbol, name: coinName(selected.symbol), id: listedCoin(selected.symbol)?.sourceID)
        case .star:
            guard let selected else { return [] }
            return toggleFavorite(selected.symbol, name: nil)
        case .refresh:
            holdings.loading = true
            replaceTop(.holdings(holdings))
            return [.yours(.loadStore)]
        case .back:
            goBack()
        default:
            break
        }
        return []
    }

    /// The name of `symbol` as known: the toplist's, the coin list's, else the ticker.
    func coinName(_ symbol: String) -> String {
        listedCoin(symbol)?.name ?? yours.names[symbol.uppercased()] ?? symbol
    }

    /// Keeps the selection of a holdings or search page inside its list after the window changed.
    func clampedYourCoinsPage(_ page: InteractivePage) -> InteractivePage {
        switch page {
        case .holdings(var holdings):
            holdings.cursor.clamp(count: yours.holdings.count, page: holdingRows)
            return .holdings(holdings)
        case .addCoin(var search):
            search.cursor.clamp(count: search.results.count, page: addCoinRows)
            return .addCoin(search)
        default:
            return page
        }
    }
}
