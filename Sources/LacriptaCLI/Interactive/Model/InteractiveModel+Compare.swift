import Foundation
import LacriptaCore
import LacriptaTerminal

/// `x` on a coin: the comparison across exchanges, inside the view. The driver opens one feed per
/// exchange for the page and closes them when Esc takes it away.
extension InteractiveModel {
    /// Opens the compare screen for the coin `symbol` (called `name`) in the shown currency.
    mutating func openCompare(symbol: String, name: String) -> [InteractiveEffect] {
        guard let pair = TradingPair(base: symbol, quote: currency) else { return [] }
        let page = newComparePage(pair: pair, name: name)
        pages.append(.compare(page))
        return [.openCompare(id: page.id, pair: pair, exchanges: page.exchanges)]
    }

    /// Replaces the comparison on top with the next coin of the toplist, or the same coin in the
    /// next currency: its feeds are closed and new ones opened, the chart starts again on the same
    /// exchange. The view's own currency stays as it is.
    mutating func switchCompare(_ what: CompareSwitch) -> [InteractiveEffect] {
        guard case .compare(let old)? = pages.last else { return [] }
        var base = old.pair.base
        var name = old.name
        var quote = old.pair.quote
        switch what {
        case .coin:
            let coins = rows
            guard !coins.isEmpty else { return [] }
            let next = coins.firstIndex { $0.symbol == base }.map { ($0 + 1) % coins.count } ?? 0
            base = coins[next].symbol
            name = coins[next].name
        case .currency:
            let list = options.currencies
            quote = list[((list.firstIndex(of: quote) ?? -1) + 1) % list.count]
        }
        guard let pair = TradingPair(base: base, quote: quote), pair != old.pair else { return [] }
        var page = newComparePage(pair: pair, name: name)
        page.chartFocus = old.chartFocus
        replaceTop(.compare(page))
        return [.closeCompare(id: old.id), .openCompare(id: page.id, pair: pair, exchanges: page.exchanges)]
    }

    /// A compare page for `pair` with the next opening's id.
    private mutating func newComparePage(pair: TradingPair, name: String) -> ComparePage {
        compareOpenings += 1
        let comparison = ExchangeComparison(pair: pair, exchanges: options.compareExchanges, startedAt: now)
        return ComparePage(id: compareOpenings, name: name, comparison: comparison)
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
