import Foundation
import LacriptaCore

/// A coin's detail: what each action does to it.
extension CoinDetailPage {
    /// Applies `action`: a chart range, line or candles, the star, the coin's news or live
    /// detail, reload, back.
    mutating func handle(_ action: ViewAction) -> [ScreenCommand] {
        if let range = action.chartRange {
            self.range = range
            return fetchShown().map(ScreenCommand.effect)
        }
        switch action {
        case .candles:
            kind = kind == .line ? .candles : .line
            return fetchShown().map(ScreenCommand.effect)
        case .star: return [.toggleFavorite(symbol: symbol, name: name)]
        case .openNews: return [.openNews(symbol: symbol, name: name)]
        case .openLive: return [.openLive(symbol: symbol, name: name)]
        case .refresh:
            guard !loading else { return [] }
            // The figures and the range's line again; candles, when shown, once the detail is in.
            loading = true
            series = [:]
            candles = [:]
            loadingSeries = [range]
            loadingCandles = []
            return [.effect(.yours(.fetchCoin(symbol: symbol, id: id, currency: currency, range: range)))]
        case .back: return [.back]
        default: return []
        }
    }

    /// The request for what the chart should show (the range as a line or as candles) when it
    /// was not fetched and is not on its way; none while the detail request is out (its answer
    /// resolves the coin's key and asks for it then).
    mutating func fetchShown() -> [InteractiveEffect] {
        guard let id, !loading else { return [] }
        switch kind {
        case .line:
            guard series[range] == nil, !loadingSeries.contains(range) else { return [] }
            loadingSeries.insert(range)
            return [.yours(.fetchHistory(symbol: symbol, id: id, currency: currency, range: range))]
        case .candles:
            guard candles[range] == nil, !loadingCandles.contains(range) else { return [] }
            loadingCandles.insert(range)
            return [.yours(.fetchCandles(CandleRequest(symbol: symbol, id: id, name: name, currency: currency, range: range)))]
        }
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
    /// Applies `action`: the chart's next market, or back, closing this screen's feeds.
    mutating func handle(_ action: ViewAction) -> [ScreenCommand] {
        switch action {
        case .chartMarket:
            // Every exchange's mid, then each exchange's ask, bid and last, then the mids again.
            let next = chartFocus.flatMap { exchanges.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            chartFocus = next < exchanges.count ? exchanges[next] : nil
            return []
        case .nextCoin:
            return [.switchCompare(.coin)]
        case .nextCurrency:
            return [.switchCompare(.currency)]
        case .back:
            return [.back, .effect(.closeCompare(id: id))]
        default:
            return []
        }
    }
}
