import Foundation
import LacriptaCore
import LacriptaTerminal

/// `x` on a coin: the comparison across exchanges, inside the view. The driver opens one feed per
/// exchange for the page and closes them when Esc takes it away.
extension InteractiveModel {
    /// Opens the compare screen for the coin `symbol` (called `name`) in the shown currency.
    mutating func openCompare(symbol: String, name: String) -> [InteractiveEffect] {
        guard let pair = TradingPair(base: symbol, quote: currency) else { return [] }
        compareOpenings += 1
        let comparison = ExchangeComparison(pair: pair, exchanges: options.compareExchanges, startedAt: now)
        let page = ComparePage(id: compareOpenings, name: name, comparison: comparison)
        pages.append(.compare(page))
        return [.openCompare(id: page.id, pair: pair, exchanges: page.exchanges)]
    }

    /// Takes what an exchange feed of the compare screen `id` reported; an earlier screen's
    /// leftovers are dropped.
    mutating func compareUpdate(id: Int, _ update: CompareUpdate) -> [InteractiveEffect] {
        guard let index = pages.firstIndex(where: { if case .compare(let page) = $0 { page.id == id } else { false } }),
            case .compare(var page) = pages[index]
        else { return [] }
        switch update {
        case .batch(let exchange, let events): page.take(events, from: exchange, at: now)
        case .ended: break
        }
        pages[index] = .compare(page)
        return []
    }
}
