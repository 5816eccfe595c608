import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// Takes the live source's events: prices go into the live model (and the sparkline of an
    /// open live detail), states and refusals into the status bar and the subscriptions.
    mutating func handleLive(_ events: [PriceFeedEvent]) -> [InteractiveEffect] {
        var effects: [InteractiveEffect] = []
        for event in events {
            // Ticks for pairs no longer subscribed (another currency, a row scrolled away) are
            // dropped by the live model, so they never show under the wrong heading.
            guard case .tick(let pair) = live.apply(event, at: now), let price = live.tick(for: pair)?.price else { continue }
            effects += observeAlerts(pair, price: price)
            for index in pages.indices {
                guard case .live(var detail) = pages[index], livePair(for: detail.symbol) == pair else { continue }
                detail.ticks.append(price)
                if detail.ticks.count > LiveDetailPage.maximumTicks { detail.ticks.removeFirst() }
                pages[index] = .live(detail)
            }
        }
        return effects
    }

    /// The live source gave up: the status bar says why, the data on screen stays.
    mutating func liveFailed(_ reason: String) -> [InteractiveEffect] {
        live.fail(Sanitizer.singleLine(reason))
        return []
    }

    /// The streamer pair of `symbol` in the shown currency (CCCAGG), as the feed keys its updates;
    /// `nil` for a symbol the streamer could not be asked for.
    func livePair(for symbol: String) -> PairKey? {
        Subscription.aggregate(from: symbol, to: currency)?.pair
    }

    /// The live tick of `symbol` in the shown currency, once it carries a price (until then the
    /// screens show the REST figures).
    func liveTick(for symbol: String) -> LiveTick? {
        guard let pair = livePair(for: symbol), let tick = live.tick(for: pair), tick.price != nil else { return nil }
        return tick
    }

    /// Opens the live detail of a coin, its sparkline starting from the live price when there is one.
    mutating func openLive(symbol: String, name: String) {
        var detail = LiveDetailPage(symbol: symbol, name: name, openedAt: now)
        if let price = liveTick(for: symbol)?.price { detail.ticks = [price] }
        pages.append(.live(detail))
    }

    /// The pairs the view wants live: every coin in the toplist window (which follows the scroll
    /// position), then every open live detail, at most `options.subscriptionLimit`. The toplist
    /// window stays subscribed under news and article pages, so going back shows live prices at once.
    var desiredSubscriptions: [Subscription] {
        guard liveEnabled else { return [] }
        var symbols: [String] = []
        for case .live(let detail) in pages where !symbols.contains(detail.symbol) {
            symbols.append(detail.symbol)
        }
        for coin in visibleCoins where !symbols.contains(coin.symbol) && !isRefused(coin.symbol) {
            symbols.append(coin.symbol)
        }
        // Coins with armed alerts stay live when scrolled away, so their alerts can fire.
        for symbol in alertSymbols where !symbols.contains(symbol) && !isRefused(symbol) {
            symbols.append(symbol)
        }
        let subscriptions = symbols.compactMap { Subscription.aggregate(from: $0, to: currency) }
        return Array(subscriptions.prefix(max(0, options.subscriptionLimit)))
    }

    /// Whether the streamer refused `symbol` in the shown currency.
    func isRefused(_ symbol: String) -> Bool {
        livePair(for: symbol).map(live.isRefused) ?? false
    }

    /// A `.setSubscriptions` effect when the wanted pairs differ from those subscribed; the live
    /// model follows the same pairs from now on.
    mutating func subscriptionUpdate() -> InteractiveEffect? {
        let desired = desiredSubscriptions
        guard Set(desired) != Set(subscribed) else { return nil }
        subscribed = desired
        live.follow(desired.map(\.pair))
        return .setSubscriptions(desired)
    }
}
