import Foundation
import LacriptaCore
import LacriptaTerminal

/// The view's side of the toplist: what the toplist's model reads of the view, the toplist's
/// rows as the screens and the driver read them, and the events that change it (an answer, a
/// refresh due, another currency). Its actions are `ToplistState`'s (`ToplistState+Actions.swift`).
extension InteractiveModel {
    /// What the toplist reads of the view.
    var toplistContext: ToplistContext {
        ToplistContext(base: unfilteredRows, currency: currency, options: options, window: layout.toplistRows)
    }

    /// The toplist rows as shown: filtered, then sorted.
    var rows: [Coin] { toplist.rows(from: unfilteredRows) }

    /// The selected coin, if the list is not empty.
    var selectedCoin: Coin? { toplist.selected(in: rows) }

    /// The coins in the window, top to bottom.
    var visibleCoins: [Coin] {
        let rows = rows
        return Array(rows[cursor.visible(count: rows.count, page: layout.toplistRows)])
    }

    /// An action on the toplist: its model takes it, the view carries out what it asks.
    mutating func handleToplist(_ action: ViewAction) -> [InteractiveEffect] {
        apply(toplist.handle(action, in: toplistContext))
    }

    /// A key for the toplist's filter field.
    mutating func editFilter(_ key: Key) -> [InteractiveEffect] {
        toplist.editFilter(key, in: toplistContext)
        return []
    }

    /// Switches to the next currency: old prices would be in the wrong money, so they go.
    mutating func cycleCurrency() -> [InteractiveEffect] {
        let list = options.currencies
        let index = list.firstIndex(of: currency) ?? -1
        currency = list[(index + 1) % list.count]
        toplist.startOver()
        live.reset()
        return [.fetchToplist(currency: currency, limit: options.limit)]
    }

    /// Asks for fresh toplist data unless a request is already out.
    mutating func refresh() -> [InteractiveEffect] {
        toplist.refresh(currency: currency, limit: options.limit)
    }

    /// Takes a toplist answer: new rows keep the selected coin selected; a failure keeps the old
    /// rows and shows why.
    mutating func toplistLoaded(currency: String, _ result: Result<Fetched<Toplist>, LacriptaError>) -> [InteractiveEffect] {
        // An answer for a currency no longer shown (the user pressed u meanwhile) is dropped.
        guard currency == self.currency else { return [] }
        keepSelection { $0.toplist.take(result) }
        return []
    }

    /// Runs `change` (to the toplist or to what it lists, such as the favourites) and then
    /// re-selects the coin that was selected before, if it is still listed.
    mutating func keepSelection(_ change: (inout InteractiveModel) -> Void) {
        let symbol = selectedCoin?.symbol
        change(&self)
        toplist.reselect(symbol, in: rows, window: layout.toplistRows)
    }

    /// A fresh seed for a random news order.
    mutating func takeSeed() -> UInt64 {
        nextSeed &+= 0x9E37_79B9_7F4A_7C15
        return nextSeed
    }
}
