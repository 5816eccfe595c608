import Foundation
import LacriptaCore

/// The toplist's own state as a value: the coins last fetched, how they are sorted and filtered,
/// the change period shown, and the selection.
///
/// The toplist is the bottom of the view's stack and shares the most with the rest (favourites,
/// live prices, alerts, the currency), so its actions are still taken by `InteractiveModel`
/// (`InteractiveModel+Toplist.swift`), which reads and writes this value.
struct ToplistState: Sendable, Equatable {
    /// The period the change columns show.
    var period: ChangePeriod
    /// The sort column and direction.
    var order: CoinOrder
    var reversed: Bool

    /// The last good toplist (in the shown currency); kept when a refresh fails.
    var coins: [Coin] = []
    /// When those coins were fetched; `nil` until the first answer.
    var fetchedAt: Date?
    /// Whether a toplist request is out.
    var loading = false
    /// The last toplist failure, in words; cleared by a good answer.
    var error: String?

    /// The filter applied to name and symbol (case-insensitive); empty for none.
    var filter = ""
    /// The filter field while it is being typed in.
    var filterEditor: LineEditor?
    /// How many edits changed the filter, each of which filtered the list again. It is what
    /// typing costs, so tests can see that a paste is one edit, not one per character.
    var filterEdits = 0
    /// The selection.
    var cursor = ListCursor()
}

/// The toplist's state under the names the view has always used for it.
extension InteractiveModel {
    var period: ChangePeriod {
        get { toplist.period }
        set { toplist.period = newValue }
    }
    var order: CoinOrder {
        get { toplist.order }
        set { toplist.order = newValue }
    }
    var reversed: Bool {
        get { toplist.reversed }
        set { toplist.reversed = newValue }
    }
    var coins: [Coin] {
        get { toplist.coins }
        set { toplist.coins = newValue }
    }
    var fetchedAt: Date? {
        get { toplist.fetchedAt }
        set { toplist.fetchedAt = newValue }
    }
    var loading: Bool {
        get { toplist.loading }
        set { toplist.loading = newValue }
    }
    var toplistError: String? {
        get { toplist.error }
        set { toplist.error = newValue }
    }
    var filter: String {
        get { toplist.filter }
        set { toplist.filter = newValue }
    }
    var filterEditor: LineEditor? {
        get { toplist.filterEditor }
        set { toplist.filterEditor = newValue }
    }
    var filterEdits: Int {
        get { toplist.filterEdits }
        set { toplist.filterEdits = newValue }
    }
    var cursor: ListCursor {
        get { toplist.cursor }
        set { toplist.cursor = newValue }
    }
}
