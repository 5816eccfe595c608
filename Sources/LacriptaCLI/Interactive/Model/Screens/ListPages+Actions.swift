import Foundation
import LacriptaCore

/// The holdings screen: what each action does to it.
extension HoldingsPage {
    /// Applies `action` over the coins `symbols` (as shown) in a window of `rows`, prices in
    /// `currency`: move, the selected coin's detail or star, switch the panel between lots,
    /// realised gains and the chart (its closes fetched the first time it is shown), hide or show
    /// the amounts, read the store (and the chart's closes) again, back.
    mutating func handle(_ action: ViewAction, symbols: [String], rows: Int, currency: String) -> [ScreenCommand] {
        if let movement = Movement(action, page: rows) {
            movement.apply(to: &cursor, count: symbols.count, page: rows)
            return []
        }
        let selected = symbols.indices.contains(cursor.selected) ? symbols[cursor.selected] : nil
        switch action {
        case .openDetail: return selected.map { [.openCoin(symbol: $0)] } ?? []
        case .star: return selected.map { [.toggleFavorite(symbol: $0, name: nil)] } ?? []
        case .cycleList:
            panel = panel.next
            guard panel == .chart, chart?.currency != currency else { return [] }
            return loadChart(currency: currency)
        case .hideAmounts:
            hideAmounts.toggle()
            return []
        case .refresh:
            loading = true
            return [.effect(.yours(.loadStore))] + (panel == .chart ? loadChart(currency: currency) : [])
        case .back: return [.back]
        default: return []
        }
    }

    /// Asks for the chart's closes in `currency`, unless a request is already out.
    private mutating func loadChart(currency: String) -> [ScreenCommand] {
        guard !chartLoading else { return [] }
        chartLoading = true
        chartError = nil
        return [.effect(.yours(.loadPortfolioChart(currency: currency)))]
    }
}

/// The alerts screen: what each action does to it.
extension AlertListPage {
    /// Applies `action` over the alerts `ids` (in the list's order) in a window of `rows`: move,
    /// delete the selected alert (once: a second press waits for the first), back.
    mutating func handle(_ action: ViewAction, ids: [Int], rows: Int) -> [ScreenCommand] {
        if let movement = Movement(action, page: rows) {
            movement.apply(to: &cursor, count: ids.count, page: rows)
            return []
        }
        switch action {
        case .back: return [.back]
        case .delete:
            guard removing == nil, ids.indices.contains(cursor.selected) else { return [] }
            removing = ids[cursor.selected]
            return [.effect(.removeAlert(ids[cursor.selected]))]
        default: return []
        }
    }
}
