import Foundation
import LacriptaCore

/// The view's side of the screen models (`Screens/`): what they may read, and carrying out what
/// they ask for.
extension InteractiveModel {
    /// What the screens read of the view: the time, the window, the seeds.
    var screenContext: ScreenContext {
        ScreenContext(now: now, layout: layout, seed: nextSeed)
    }

    /// Carries out what a screen asked for, in order; returns the driver's work.
    mutating func apply(_ commands: [ScreenCommand]) -> [InteractiveEffect] {
        var effects: [InteractiveEffect] = []
        for command in commands {
            switch command {
            case .effect(let effect): effects.append(effect)
            case .back: goBack()
            case .push(let page): pages.append(page)
            case .openNews(let symbol, let name):
                pages.append(.news(NewsPage(symbol: symbol, name: name, seed: takeSeed())))
                effects.append(.fetchNews(symbol: symbol))
            case .openLive(let symbol, let name): openLive(symbol: symbol, name: name)
            case .openCoin(let symbol): effects += openCoinDetail(symbol: symbol, name: coinName(symbol), id: listedCoin(symbol)?.sourceID)
            case .openAlertPrompt(let symbol): openAlertPrompt(for: symbol)
            case .openAlerts: pages.append(.alerts(AlertListPage()))
            case .openCompare(let symbol, let name): effects += openCompare(symbol: symbol, name: name)
            case .switchCompare(let what): effects += switchCompare(what)
            case .openAddCoin: effects += openAddCoin()
            case .toggleFavoritesOnly: effects += toggleFavoritesOnly()
            case .nextGroup: effects += showNextGroup()
            case .nextCurrency: effects += cycleCurrency()
            case .toggleFavorite(let symbol, let name): effects += toggleFavorite(symbol, name: name)
            case .mark(let ref, let change):
                updateEverywhere(ref: ref, change)
                effects.append(.markArticle(ref: ref, mark: change))
            case .notice(let text): notice = text
            case .addFavourite(let entry): effects += addFromSearch(entry)
            }
        }
        return effects
    }
}
