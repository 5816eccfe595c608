import Foundation
import LacriptaCore
import LacriptaTerminal

/// What the toplist reads of the view besides its own value: the coins it lists before its
/// filter and sort (every loaded coin, or the favourites with `F`: the view's to decide, as it
/// holds the favourites), the currency and settings a refresh asks with, and the window.
struct ToplistContext: Sendable {
    /// The coins before filtering and sorting.
    var base: [Coin]
    /// The shown currency.
    var currency: String
    /// The view's settings (the toplist's size, the change periods the source fills).
    var options: InteractiveOptions
    /// Coin rows in the window.
    var window: Int
}

/// The toplist's model: what each action does to it, the same shape as every other screen's.
/// What belongs to the whole view (favourites, the currency, other screens, alerts) goes back as
/// `ScreenCommand`s, carried out by `InteractiveModel.apply(_:)`.
extension ToplistState {
    /// The rows as shown: `base` filtered by name or symbol, then sorted.
    func rows(from base: [Coin]) -> [Coin] {
        let needle = filter.lowercased()
        let matching =
            needle.isEmpty
            ? base
            : base.filter { coin in
                coin.symbol.lowercased().contains(needle) || coin.name.lowercased().contains(needle)
            }
        return order.apply(to: matching, period: period, reversed: reversed)
    }

    /// The selected row among `rows`, if the list is not empty.
    func selected(in rows: [Coin]) -> Coin? {
        rows.indices.contains(cursor.selected) ? rows[cursor.selected] : nil
    }

    /// Applies `action`: move, sort, period, filter and refresh change this value; the rest
    /// (open a screen, star, the favourites, the currency) are commands for the view.
    mutating func handle(_ action: ViewAction, in context: ToplistContext) -> [ScreenCommand] {
        let rows = rows(from: context.base)
        if let movement = Movement(action, page: context.window) {
            movement.apply(to: &cursor, count: rows.count, page: context.window)
            return []
        }
        let coin = selected(in: rows)
        switch action {
        case .sort:
            order = order.next
            cursor.select(0, count: rows.count, page: context.window)
        case .reverseSort:
            reversed.toggle()
            cursor.select(0, count: rows.count, page: context.window)
        case .changePeriod:
            keepSelection(in: context) { $0.period = context.options.period(after: $0.period) }
        case .filter:
            filterEditor = LineEditor(filter, maximumLength: Self.maximumFilterLength)
        case .clearFilter where !filter.isEmpty:
            keepSelection(in: context) { $0.filter = "" }
        case .refresh:
            return refresh(currency: context.currency, limit: context.options.limit).map { .effect($0) }
        case .nextCurrency: return [.nextCurrency]
        case .favourites: return [.toggleFavoritesOnly]
        case .nextGroup: return [.nextGroup]
        case .holdings: return [.push(.holdings(HoldingsPage(hideAmounts: context.options.hideAmounts))), .effect(.yours(.loadStore))]
        case .addCoin: return [.openAddCoin]
        case .alerts: return [.openAlerts]
        default:
            // The rest act on the selected coin, and on an empty list do nothing.
            guard let coin else { return [] }
            return Self.commands(for: action, on: coin)
        }
        return []
    }

    /// What `action` asks of the view for the selected `coin`.
    private static func commands(for action: ViewAction, on coin: Coin) -> [ScreenCommand] {
        switch action {
        case .openNews: [.openNews(symbol: coin.symbol, name: coin.name)]
        case .openLive: [.openLive(symbol: coin.symbol, name: coin.name)]
        case .openDetail: [.openCoin(symbol: coin.symbol)]
        case .star: [.toggleFavorite(symbol: coin.symbol, name: coin.name)]
        case .addAlert: [.openAlertPrompt(symbol: coin.symbol)]
        case .compare: [.openCompare(symbol: coin.symbol, name: coin.name)]
        default: []
        }
    }

    /// The longest filter: longer than any coin name, short enough that matching stays cheap
    /// whatever is pasted.
    static let maximumFilterLength = 200

    /// Typing in the filter: the list narrows as you type; Enter keeps the filter, Esc drops it.
    /// The list is filtered again only when the text changed, once per edit (a paste is one).
    mutating func editFilter(_ key: Key, in context: ToplistContext) {
        guard var editor = filterEditor else { return }
        switch editor.handle(key) {
        case .edited:
            filterEditor = editor
            filter = Sanitizer.singleLine(editor.text)
            filterEdits += 1
            cursor.select(0, count: rows(from: context.base).count, page: context.window)
        case .unchanged:
            filterEditor = editor
        case .submit:
            filterEditor = nil
        case .cancel:
            filterEditor = nil
            keepSelection(in: context) { $0.filter = "" }
        case .ignored:
            // Arrows still move through the narrowed list while typing.
            if let movement = Movement(fieldKey: key, page: context.window) {
                movement.apply(to: &cursor, count: rows(from: context.base).count, page: context.window)
            }
        }
    }

    /// Asks for fresh toplist data unless a request is already out.
    mutating func refresh(currency: String, limit: Int) -> [InteractiveEffect] {
        guard !loading else { return [] }
        loading = true
        return [.fetchToplist(currency: currency, limit: limit)]
    }

    /// Takes a toplist answer: new coins, or on failure the old ones kept and why. The caller
    /// keeps the selection (the rows depend on the view's favourites too).
    mutating func take(_ result: Result<Fetched<Toplist>, LacriptaError>) {
        loading = false
        switch result {
        case .success(let fetched):
            coins = fetched.value.coins
            fetchedAt = fetched.fetchedAt
            error = fetched.offlineReason.map(InteractiveModel.describe)
        case .failure(let failure):
            error = InteractiveModel.describe(failure)
        }
    }

    /// Starts again empty in another currency: old prices would be in the wrong money.
    mutating func startOver() {
        coins = []
        fetchedAt = nil
        error = nil
        cursor = ListCursor()
        loading = true
    }

    /// Runs `change` (which leaves `context.base` as it is) and then selects the coin that was
    /// selected before, if it is still listed.
    mutating func keepSelection(in context: ToplistContext, _ change: (inout ToplistState) -> Void) {
        let symbol = selected(in: rows(from: context.base))?.symbol
        change(&self)
        reselect(symbol, in: rows(from: context.base), window: context.window)
    }

    /// Selects the row of `symbol` in `rows`, else the same position kept inside the list.
    mutating func reselect(_ symbol: String?, in rows: [Coin], window: Int) {
        let index = symbol.flatMap { symbol in rows.firstIndex { $0.symbol == symbol } } ?? min(cursor.selected, rows.count - 1)
        cursor.select(index, count: rows.count, page: window)
    }
}
