import Foundation
import LacriptaCore
import LacriptaTerminal

/// A cursor movement, the same on every list: up and down a row, a window, to either end.
enum Movement: Sendable, Equatable {
    /// Up (negative) or down by a number of items.
    case by(Int)
    /// To the first item.
    case first
    /// To the last item.
    case last

    /// The movement `action` asks for in a window of `page` items, or `nil` for other actions.
    init?(_ action: ViewAction, page: Int) {
        switch action {
        case .moveUp: self = .by(-1)
        case .moveDown: self = .by(1)
        case .pageUp: self = .by(-max(1, page - 1))
        case .pageDown: self = .by(max(1, page - 1))
        case .first: self = .first
        case .last: self = .last
        default: return nil
        }
    }

    /// The movement a key asks for in a text field's list (the filter's, the add-coin search's):
    /// the arrows, PgUp/PgDn and Home/End, which the field owns (letters there are text), or `nil`.
    init?(fieldKey key: Key, page: Int) {
        switch key {
        case .up: self = .by(-1)
        case .down: self = .by(1)
        case .pageUp: self = .by(-max(1, page - 1))
        case .pageDown: self = .by(max(1, page - 1))
        case .home: self = .first
        case .end: self = .last
        default: return nil
        }
    }

    /// Applies the movement to `cursor` over `count` items.
    func apply(to cursor: inout ListCursor, count: Int, page: Int) {
        switch self {
        case .by(let delta): cursor.move(by: delta, count: count, page: page)
        case .first: cursor.select(0, count: count, page: page)
        case .last: cursor.select(count - 1, count: count, page: page)
        }
    }
}

extension InteractiveModel {
    /// The toplist rows as shown: filtered, then sorted.
    var rows: [Coin] {
        let needle = filter.lowercased()
        let base = unfilteredRows
        let matching =
            needle.isEmpty
            ? base
            : base.filter { coin in
                coin.symbol.lowercased().contains(needle) || coin.name.lowercased().contains(needle)
            }
        return order.apply(to: matching, period: period, reversed: reversed)
    }

    /// The selected coin, if the list is not empty.
    var selectedCoin: Coin? {
        let rows = rows
        return rows.indices.contains(cursor.selected) ? rows[cursor.selected] : nil
    }

    /// The coins in the window, top to bottom.
    var visibleCoins: [Coin] {
        let rows = rows
        return Array(rows[cursor.visible(count: rows.count, page: layout.toplistRows)])
    }

    /// An action on the toplist.
    mutating func handleToplist(_ action: ViewAction) -> [InteractiveEffect] {
        let page = layout.toplistRows
        if let movement = Movement(action, page: page) {
            movement.apply(to: &cursor, count: rows.count, page: page)
            return []
        }
        if let effects = handleYourCoinsToplist(action) { return effects }
        switch action {
        case .sort:
            order = order.next
            cursor.select(0, count: rows.count, page: page)
        case .reverseSort:
            reversed.toggle()
            cursor.select(0, count: rows.count, page: page)
        case .changePeriod:
            keepSelection { $0.period = $0.options.period(after: $0.period) }
        case .nextCurrency:
            return cycleCurrency()
        case .refresh:
            return refresh()
        case .filter:
            filterEditor = LineEditor(filter, maximumLength: Self.maximumFilterLength)
        case .clearFilter where !filter.isEmpty:
            keepSelection { $0.filter = "" }
        case .openNews:
            guard let coin = selectedCoin else { return [] }
            pages.append(.news(NewsPage(symbol: coin.symbol, name: coin.name, seed: takeSeed())))
            return [.fetchNews(symbol: coin.symbol)]
        case .openLive:
            guard let coin = selectedCoin else { return [] }
            openLive(symbol: coin.symbol, name: coin.name)
        case .addAlert:
            openAlertPrompt(for: selectedCoin?.symbol)
        case .alerts:
            pages.append(.alerts(AlertListPage()))
        case .compare:
            return openCompare()
        default:
            break
        }
        return []
    }

    /// The longest filter: longer than any coin name, short enough that matching stays cheap
    /// whatever is pasted.
    static let maximumFilterLength = 200

    /// Typing in the filter: the list narrows as you type; Enter keeps the filter, Esc drops it.
    /// The list is filtered again only when the text changed, once per edit (a paste is one).
    mutating func editFilter(_ key: Key) -> [InteractiveEffect] {
        guard var editor = filterEditor else { return [] }
        switch editor.handle(key) {
        case .edited:
            filterEditor = editor
            filter = Sanitizer.singleLine(editor.text)
            filterEdits += 1
            cursor.select(0, count: rows.count, page: layout.toplistRows)
        case .unchanged:
            filterEditor = editor
        case .submit:
            filterEditor = nil
        case .cancel:
            filterEditor = nil
            keepSelection { $0.filter = "" }
        case .ignored:
            // Arrows still move through the narrowed list while typing.
            if let movement = Movement(fieldKey: key, page: layout.toplistRows) {
                movement.apply(to: &cursor, count: rows.count, page: layout.toplistRows)
            }
        }
        return []
    }

    /// Switches to the next currency: old prices would be in the wrong money, so they go.
    private mutating func cycleCurrency() -> [InteractiveEffect] {
        let list = options.currencies
        let index = list.firstIndex(of: currency) ?? -1
        currency = list[(index + 1) % list.count]
        coins = []
        fetchedAt = nil
        toplistError = nil
        live.reset()
        cursor = ListCursor()
        loading = true
        return [.fetchToplist(currency: currency, limit: options.limit)]
    }

    /// Asks for fresh toplist data unless a request is already out.
    mutating func refresh() -> [InteractiveEffect] {
        guard !loading else { return [] }
        loading = true
        return [.fetchToplist(currency: currency, limit: options.limit)]
    }

    /// Takes a toplist answer: new rows keep the selected coin selected; a failure keeps the old
    /// rows and shows why.
    mutating func toplistLoaded(currency: String, _ result: Result<Fetched<Toplist>, LacriptaError>) -> [InteractiveEffect] {
        // An answer for a currency no longer shown (the user pressed u meanwhile) is dropped.
        guard currency == self.currency else { return [] }
        loading = false
        switch result {
        case .success(let fetched):
            keepSelection { model in
                model.coins = fetched.value.coins
                model.fetchedAt = fetched.fetchedAt
                model.toplistError = fetched.offlineReason.map(Self.describe)
            }
        case .failure(let error):
            toplistError = Self.describe(error)
        }
        return []
    }

    /// Runs `change` and then re-selects the coin that was selected before, if it is still listed.
    mutating func keepSelection(_ change: (inout InteractiveModel) -> Void) {
        let symbol = selectedCoin?.symbol
        change(&self)
        let rows = rows
        let index = symbol.flatMap { symbol in rows.firstIndex { $0.symbol == symbol } } ?? min(cursor.selected, rows.count - 1)
        cursor.select(index, count: rows.count, page: layout.toplistRows)
    }

    /// A fresh seed for a random news order.
    mutating func takeSeed() -> UInt64 {
        nextSeed &+= 0x9E37_79B9_7F4A_7C15
        return nextSeed
    }
}
