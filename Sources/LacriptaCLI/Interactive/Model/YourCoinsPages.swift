import Foundation
import LacriptaCore
import LacriptaTerminal

/// A coin's detail screen: its figures and a chart of 30, 90 or 365 days of daily closes.
struct CoinDetailPage: Sendable, Equatable {
    /// The coin's ticker and name (the name as the toplist or the coin list gave it).
    var symbol: String
    var name: String
    /// The source's key for the coin, once known (from the toplist, else resolved).
    var id: String?
    /// The currency the figures are in.
    var currency: String
    /// The range shown, in days.
    var days = CoinDetailPage.defaultDays
    /// The figures, once fetched.
    var detail: CoinDetail?
    /// The ranges fetched so far, so switching back is instant.
    var histories: [Int: PriceHistory] = [:]
    /// Whether the detail request is out.
    var loading = true
    /// The ranges being fetched.
    var loadingDays: Set<Int> = []
    /// The last failure, in words; what is on screen stays.
    var error: String?
    /// A remark about the coin chosen for a shared ticker.
    var note: String?
    /// When the figures were fetched.
    var fetchedAt: Date?

    /// The ranges offered, in days (`lacripta coin --days` but max): a day of five-minute
    /// prices, a week hourly, then daily closes.
    static let ranges = [1, 7, 30, 90, 365]
    /// The range a detail opens on.
    static let defaultDays = 30

    /// The history of the range shown, if fetched.
    var history: PriceHistory? { histories[days] }
}

/// The holdings screen: the store's ledger (or, before it is read, its holdings) valued at
/// current prices, with the selected coin's lots or disposals under it.
struct HoldingsPage: Sendable, Equatable {
    /// The selected holding.
    var cursor = ListCursor()
    /// Whether the store is being read.
    var loading = true
    /// What the panel under the table shows (Tab).
    var panel = HoldingsPanel.lots
    /// Whether amounts, values and money P/L are hidden (starts as `--hide-amounts` says; `a`).
    var hideAmounts = false
}

/// The "add coin" screen: a search over every coin the source lists, results as you type.
struct AddCoinPage: Sendable, Equatable {
    /// The query field.
    var editor = LineEditor(maximumLength: AddCoinPage.maximumQueryLength)
    /// The query the results are for (the field may be ahead of it until the debounce runs out).
    var searched = ""
    /// The matches, best first.
    var results: [CoinSearch.Match] = []
    /// The selected result.
    var cursor = ListCursor()
    /// Bumped on every edit, so a debounce that ran out for older text does nothing.
    var generation = 0

    /// Longer than any coin name; a runaway paste stays cheap to search.
    static let maximumQueryLength = 64
    /// How many matches are listed.
    static let resultLimit = 200
    /// How long the field must be still before it is searched: typing a word is one search.
    static let debounce: Duration = .milliseconds(120)
}
