import Foundation
import LacriptaCore
import LacriptaTerminal

/// A cursor movement key, the same on every list: arrows and j/k, PgUp/PgDn, g/G and Home/End.
enum Movement: Sendable, Equatable {
    /// Up (negative) or down by a number of items.
    case by(Int)
    /// To the first item.
    case first
    /// To the last item.
    case last

    /// The movement `key` asks for in a window of `page` items, or `nil` for other keys.
    init?(_ key: Key, page: Int) {
        switch key {
        case .up, .character("k"): self = .by(-1)
        case .down, .character("j"): self = .by(1)
        case .pageUp: self = .by(-max(1, page - 1))
        case .pageDown: self = .by(max(1, page - 1))
        case .home, .character("g"): self = .first
        case .end, .character("G"): self = .last
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

    /// Keys on the toplist.
    mutating func handleToplistKey(_ key: Key) -> [InteractiveEffect] {
        if filterEditor != nil { return editFilter(key) }
        let page = layout.toplistRows
        if let movement = Movement(key, page: page) {
            movement.apply(to: &cursor, count: rows.count, page: page)
            return []
        }
        if let effects = handleYourCoinsToplistKey(key) { return effects }
        switch key {
        case .character("s"):
            order = order.next
            cursor.select(0, count: rows.count, page: page)
        case .character("S"):
            reversed.toggle()
            cursor.select(0, count: rows.count, page: page)
        case .character("c"):
            keepSelection { $0.period = $0.options.period(after: $0.period) }
        case .character("u"):
            return cycleCurrency()
        case .character("r"):
            return refresh()
        case .character("/"):
            filterEditor = LineEditor(filter, maximumLength: Self.maximumFilterLength)
        case .escape where !filter.isEmpty:
            keepSelection { $0.filter = "" }
        case .enter:
            guard let coin = selectedCoin else { return [] }
            pages.append(.news(NewsPage(symbol: coin.symbol, name: coin.name, seed: takeSeed())))
            return [.fetchNews(symbol: coin.symbol)]
        case .character("l"):
            guard let coin = selectedCoin else { return [] }
            var detail = LiveDetailPage(symbol: coin.symbol, name: coin.name, openedAt: now)
            if let price = liveTick(for: coin.symbol)?.price { detail.ticks = [price] }
            pages.append(.live(detail))
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
    private mutating func editFilter(_ key: Key) -> [InteractiveEffect] {
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
            if let movement = Movement(key, page: layout.toplistRows) {
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
