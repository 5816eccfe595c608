import Foundation
import LacriptaCore

/// A coin's detail: what each action does to it.
extension CoinDetailPage {
    /// Applies `action`: a chart range, the star, the coin's news or live detail, reload, back.
    mutating func handle(_ action: ViewAction) -> [ScreenCommand] {
        if let days = action.chartDays { return showRange(days) }
        switch action {
        case .star: return [.toggleFavorite(symbol: symbol, name: name)]
        case .openNews: return [.openNews(symbol: symbol, name: name)]
        case .openLive: return [.openLive(symbol: symbol, name: name)]
        case .refresh:
            guard !loading else { return [] }
            loading = true
            loadingDays.insert(days)
            histories = [:]
            return [.effect(.yours(.fetchCoin(symbol: symbol, id: id, currency: currency, days: days)))]
        case .back: return [.back]
        default: return []
        }
    }

    /// Shows `days`: at once when fetched before, else fetched (the chart says it is loading).
    private mutating func showRange(_ days: Int) -> [ScreenCommand] {
        self.days = days
        // Without the key the detail request resolves it; its answer asks for this range then.
        guard histories[days] == nil, !loadingDays.contains(days), let id, !loading else { return [] }
        loadingDays.insert(days)
        return [.effect(.yours(.fetchHistory(symbol: symbol, id: id, currency: currency, days: days)))]
    }
}

/// A coin's live detail: what each action does.
extension LiveDetailPage {
    /// Applies `action`: back, the coin's news, an alert for it, the alerts screen.
    func handle(_ action: ViewAction) -> [ScreenCommand] {
        switch action {
        case .back: [.back]
        case .openNews: [.openNews(symbol: symbol, name: name)]
        case .addAlert: [.openAlertPrompt(symbol: symbol)]
        case .alerts: [.openAlerts]
        default: []
        }
    }
}

/// The compare screen: what each action does.
extension ComparePage {
    /// Applies `action`: back, closing this screen's feeds.
    func handle(_ action: ViewAction) -> [ScreenCommand] {
        action == .back ? [.back, .effect(.closeCompare(id: id))] : []
    }
}
