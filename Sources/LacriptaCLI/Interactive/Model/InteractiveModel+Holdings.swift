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
    /// before the notes; on the ledger, half of that, the rest left to the lots or disposals.
    var holdingRows: Int { yours.book == nil ? max(1, layout.bodyRows - 4) : max(1, (layout.bodyRows - 4) / 2) }

    /// The name of `symbol` as known: the toplist's, the coin list's, else the ticker.
    func coinName(_ symbol: String) -> String {
        listedCoin(symbol)?.name ?? yours.names[symbol.uppercased()] ?? symbol
    }

    /// Keeps the selection of a holdings or search page inside its list after the window changed.
    func clampedYourCoinsPage(_ page: InteractivePage) -> InteractivePage {
        switch page {
        case .holdings(var holdings):
            holdings.cursor.clamp(count: holdingSymbols.count, page: holdingRows)
            return .holdings(holdings)
        case .addCoin(var search):
            search.cursor.clamp(count: search.results.count, page: addCoinRows)
            return .addCoin(search)
        default:
            return page
        }
    }
}
