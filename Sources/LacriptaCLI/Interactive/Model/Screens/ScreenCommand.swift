import Foundation
import LacriptaCore
import LacriptaTerminal

/// What a screen's model asks of the view after an action, beyond changing its own value: the
/// driver's work, another screen, or the state the screens share (favourites, marks, the notice).
///
/// A screen model is a value that knows only its own screen; `InteractiveModel.apply(_:)` carries
/// these out, so the stack of screens and the shared state stay in one place.
enum ScreenCommand: Sendable, Equatable {
    /// Work for the driver, as is.
    case effect(InteractiveEffect)
    /// Leave this screen for the one below.
    case back
    /// Open `page` on top.
    case push(InteractivePage)
    /// Open a coin's news, and fetch it.
    case openNews(symbol: String, name: String)
    /// Open a coin's live detail.
    case openLive(symbol: String, name: String)
    /// Open a coin's figures and chart; its name and source key looked up by the view.
    case openCoin(symbol: String)
    /// Open the alert prompt for a coin.
    case openAlertPrompt(symbol: String)
    /// Open the alerts screen.
    case openAlerts
    /// Open the compare screen for a coin in the shown currency.
    case openCompare(symbol: String, name: String)
    /// Compare the next coin, or the same coin in the next currency, in place of the comparison shown.
    case switchCompare(CompareSwitch)
    /// Open the search that adds any coin to the favourites.
    case openAddCoin
    /// Show all coins or only the favourites, keeping the selected coin when it can.
    case toggleFavoritesOnly
    /// Show the next watchlist group of the favourites.
    case nextGroup
    /// Switch to the next currency and fetch the toplist in it.
    case nextCurrency
    /// Star or unstar a coin (the store is written in order).
    case toggleFavorite(symbol: String, name: String?)
    /// Apply `mark` to the archived article `ref` on every open screen, and store it.
    case mark(ref: String, ArticleArchive.Mark)
    /// A one-off line for the status bar.
    case notice(String)
    /// Star a coin found by the add-coin search (unless it is already) and show it in the toplist.
    case addFavourite(CoinListEntry)
}

/// What a screen's model reads of the view besides its own value: the time, the window, and the
/// seeds of random news orders (shared, so every shuffle differs).
struct ScreenContext: Sendable {
    /// The time of the action.
    var now: Date
    /// The window's layout.
    var layout: InteractiveLayout
    /// The last seed taken; `takeSeed()` advances it.
    var seed: UInt64

    /// A fresh seed for a random news order.
    mutating func takeSeed() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        return seed
    }

    /// Draws articles at the window's article width.
    var articlePresenter: NewsPresenter {
        NewsPresenter(now: now, width: layout.articleWidth)
    }

    /// How far `article` can scroll: its lines at the current width minus one window.
    func maximumScroll(_ article: ArticlePage) -> Int {
        let presenter = articlePresenter
        let lines = presenter.detail(article.article, wrapped: presenter.wrapped(article.article, reusing: article.wrapped), mark: article.mark).count
        return max(0, lines - layout.bodyRows)
    }
}

/// What the compare screen switches in place, as the pickers of the app lacripta grew from did.
enum CompareSwitch: Sendable, Equatable {
    /// The next coin of the toplist.
    case coin
    /// The next of the view's currencies.
    case currency
}
