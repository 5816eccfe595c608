import Foundation
import LacriptaCore

extension InteractiveModel {
    /// The ledger valued in the shown currency at the prices on screen, once the store's journal
    /// has been read and booked; nil before (the holdings file alone is then shown).
    var ledgerValuation: LedgerValuation? {
        guard let book = yours.book else { return nil }
        var prices: [String: Double] = [:]
        for symbol in book.symbols {
            if let price = price(of: symbol) { prices[symbol.uppercased()] = price }
        }
        return LedgerValuation(book: book, prices: prices, currency: currency)
    }

    /// The coins the holdings screen lists, in its order: the ledger's lines, else the holdings
    /// file's.
    var holdingSymbols: [String] {
        if let valuation = ledgerValuation { return valuation.lines.map(\.symbol) }
        return yours.holdings.map(\.symbol)
    }

    /// The coins whose prices the holdings screen needs: held or once held.
    var holdingQuoteSymbols: [String] {
        guard let book = yours.book else { return yours.holdings.map(\.symbol) }
        return book.symbols.filter { book.held($0) > 0 }
    }

    /// The portfolio's value over time arrived (or failed): every open holdings screen keeps it
    /// for its chart panel.
    mutating func portfolioChartLoaded(currency: String, _ result: Result<PortfolioChart, LacriptaError>) -> [InteractiveEffect] {
        for index in pages.indices {
            guard case .holdings(var holdings) = pages[index] else { continue }
            holdings.chartLoading = false
            switch result {
            case .success(let chart):
                holdings.chart = chart
                holdings.chartError = nil
            case .failure(let error):
                holdings.chartError = Self.describe(error)
            }
            pages[index] = .holdings(holdings)
        }
        return []
    }
}
