import Foundation
import LacriptaCore
import LacriptaTerminal

/// A coin's detail screen: its figures and a chart of one range (a day to its whole history),
/// drawn as a line of prices or as candles.
struct CoinDetailPage: Sendable, Equatable {
    /// How the chart is drawn.
    enum ChartKind: Sendable, Equatable {
        /// The source's prices at its finest spacing for the range (`lacripta coin --days`).
        case line
        /// Candles from the exchanges, else the source (`lacripta coin --candles`).
        case candles
    }

    /// The coin's ticker and name (the name as the toplist or the coin list gave it).
    var symbol: String
    var name: String
    /// The source's key for the coin, once known (from the toplist, else resolved).
    var id: String?
    /// The currency the figures are in.
    var currency: String
    /// The range shown.
    var range = CoinDetailPage.defaultRange
    /// Line or candles.
    var kind = ChartKind.line
    /// The figures, once fetched.
    var detail: CoinDetail?
    /// The line series fetched so far, by range, so switching back is instant.
    var series: [ChartRange: PriceSeries] = [:]
    /// The candles fetched so far, by range.
    var candles: [ChartRange: CandleSeries] = [:]
    /// Whether the detail request is out.
    var loading = true
    /// The ranges whose line series is being fetched.
    var loadingSeries: Set<ChartRange> = []
    /// The ranges whose candles are being fetched.
    var loadingCandles: Set<ChartRange> = []
    /// The last failure, in words; what is on screen stays.
    var error: String?
    /// A remark about the coin chosen for a shared ticker.
    var note: String?
    /// When the figures were fetched.
    var fetchedAt: Date?

    /// The ranges offered, as `lacripta coin --days` offers them.
    static let ranges = ChartRange.allCases
    /// The range a detail opens on.
    static let defaultRange = ChartRange.month

    /// The line series of the range shown, if fetched.
    var shownSeries: PriceSeries? { series[range] }
    /// The candles of the range shown, if fetched.
    var shownCandles: CandleSeries? { candles[range] }
    /// Whether what the chart should show is on its way.
    var isLoadingChart: Bool {
        loading || (kind == .line ? loadingSeries : loadingCandles).contains(range)
    }
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
    /// The portfolio's value over time, once loaded for the chart panel (kept while the screen
    /// is open; `r` loads it again).
    var chart: PortfolioChart?
    /// Whether the chart's closes are being fetched.
    var chartLoading = false
    /// Why the chart could not be loaded, in words.
    var chartError: String?
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
