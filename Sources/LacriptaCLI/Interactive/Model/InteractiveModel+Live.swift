import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// Takes a live event: a price updates the board (and the sparkline of an open live detail),
    /// a state change updates the status bar.
    mutating func handleLive(_ event: LiveEvent) -> [InteractiveEffect] {
        switch event {
        case .price(let quote):
            // Ticks for another currency are left over from before `u`; they would be wrong money.
            guard quote.pair.currency == currency else { return [] }
            live.record(quote, at: now)
            for index in pages.indices {
                guard case .live(var detail) = pages[index], detail.symbol == quote.pair.symbol else { continue }
                detail.ticks.append(quote.price)
                if detail.ticks.count > LiveDetailPage.maximumTicks { detail.ticks.removeFirst() }
                pages[index] = .live(detail)
            }
        case .state(let state):
            live.state = state
        case .unavailable(let pair):
            if pair.currency == currency { live.markUnavailable(pair.symbol) }
        }
        return []
    }

    /// Keys on the live detail: back, or news for the same coin.
    mutating func handleLiveKey(_ key: Key) -> [InteractiveEffect] {
        guard case .live(let detail) = page else { return [] }
        switch key {
        case .escape, .backspace, .left, .character("h"):
            goBack()
        case .enter, .character("n"):
            pages.append(.news(NewsPage(symbol: detail.symbol, name: detail.name, seed: takeSeed())))
            return [.fetchNews(symbol: detail.symbol)]
        default:
            break
        }
        return []
    }

    /// The pairs the view wants live: every coin in the toplist window (which follows the scroll
    /// position), then every open live detail, at most `options.subscriptionLimit`. The toplist
    /// window stays subscribed under news and article pages, so going back shows live prices at once.
    var desiredSubscriptions: [LivePair] {
        guard live.isEnabled else { return [] }
        var symbols: [String] = []
        for case .live(let detail) in pages where !symbols.contains(detail.symbol) {
            symbols.append(detail.symbol)
        }
        for coin in visibleCoins where !symbols.contains(coin.symbol) && !live.unavailable.contains(coin.symbol) {
            symbols.append(coin.symbol)
        }
        return symbols.prefix(max(0, options.subscriptionLimit)).map { LivePair(symbol: $0, currency: currency) }
    }

    /// A `.setSubscriptions` effect when the wanted pairs differ from those subscribed.
    mutating func subscriptionUpdate() -> InteractiveEffect? {
        let desired = desiredSubscriptions
        guard Set(desired) != Set(subscribed) else { return nil }
        subscribed = desired
        return .setSubscriptions(desired)
    }
}
