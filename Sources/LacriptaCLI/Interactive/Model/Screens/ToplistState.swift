import Foundation
import LacriptaCore

/// The toplist's own state as a value: the coins last fetched, how they are sorted and filtered,
/// the change period shown, and the selection.
///
/// The toplist is the bottom of the view's stack. It takes its actions like every other screen
/// (`ToplistState+Actions.swift`): what it shares with the rest (favourites, live prices, alerts,
/// the currency) it reads from a `ToplistContext` and asks for through `ScreenCommand`s.
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

/// The toplist's state under the names the view and its tests have always read it by; only the
/// toplist's model (`ToplistState+Actions.swift`) and `InteractiveModel`'s events change it.
extension InteractiveModel {
    var period: ChangePeriod { toplist.period }
    var order: CoinOrder { toplist.order }
    var reversed: Bool { toplist.reversed }
    var coins: [Coin] { toplist.coins }
    var fetchedAt: Date? { toplist.fetchedAt }
    var loading: Bool { toplist.loading }
    var toplistError: String? { toplist.error }
    var filter: String { toplist.filter }
    var filterEditor: LineEditor? { toplist.filterEditor }
    var filterEdits: Int { toplist.filterEdits }
    var cursor: ListCursor { toplist.cursor }
    static var maximumFilterLength: Int { ToplistState.maximumFilterLength }
}
