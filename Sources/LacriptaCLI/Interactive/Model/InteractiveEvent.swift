import Foundation
import LacriptaCore
import LacriptaTerminal

/// Everything that can happen to the interactive view, from the keyboard, the terminal, timers,
/// the network and the live source. The driver turns each into a call to `InteractiveModel.handle`.
enum InteractiveEvent: Sendable {
    /// A key was pressed.
    case key(Key)
    /// The keys decoded from one read of the terminal, in order (see `InteractiveModel.handle`:
    /// characters typed into a text field in one read are one edit).
    case keys([Key])
    /// The window changed size.
    case resize(TerminalSize)
    /// Time passed (ages, flashes, "refreshed 20 s ago"); the new time comes with every event.
    case tick
    /// The REST refresh interval elapsed.
    case refreshDue
    /// A toplist request for `currency` finished.
    case toplistLoaded(currency: String, Result<Fetched<Toplist>, LacriptaError>)
    /// A news request for `symbol` finished.
    case newsLoaded(symbol: String, Result<NewsFetch, LacriptaError>)
    /// The archive could not take a mark: the reason, for the status line.
    case archiveProblem(String)
    /// The reader's history from the archive (read and rated articles, latest first), to rank
    /// recommendations with; nil when the archive could not be read.
    case readingHistoryLoaded([ArchivedArticle]?)
    /// The archive's answer to a search of `query` (best match first).
    case archiveSearched(query: String, Result<[ArchivedArticle], LacriptaError>)
    /// The live source reported events (prices, connection states, refusals), as the feed batched them.
    case live([PriceFeedEvent])
    /// The live source gave up; the reason is in the user's words (the status bar shows it).
    case liveFailed(reason: String)
    /// Sharing an article finished: the absolute path written, or why not.
    case shareFinished(Result<String, ShareFailure>)
    /// The store, a coin's detail, prices or the coin list answered (see `YourCoinsEvent`).
    case yours(YourCoinsEvent)
    /// The alerts store answered (read, add, removal, firings recorded).
    case alertsStored(AlertStoreAnswer)
    /// An exchange feed of the compare screen `id` reported.
    case compare(id: Int, CompareUpdate)
}

/// A coin's news as fetched for the view.
struct NewsFetch: Sendable {
    /// The articles, as the service sent them (latest first).
    var articles: [NewsArticle]
    /// When they were fetched.
    var fetchedAt: Date
    /// Set when the coin has no news category and the articles are everybody's latest news.
    var isGeneralNews = false
    /// Who supplied them.
    var attribution = ""
    /// Set when the service was out of reach and the articles come from the cache.
    var offlineReason: LacriptaError?
    /// The archive's marks, one per article (nil without the archive).
    var marks: [ArchivedArticle?]?
    /// What the reader has read or rated, latest first: what the list's recommendations are
    /// ranked from (nil without the archive).
    var history: [ArchivedArticle]? = nil
}

/// Why a share failed, in words for the prompt line.
struct ShareFailure: Error, Sendable, Equatable {
    /// What went wrong and what to do, e.g. "… already exists; choose another name".
    var message: String
}

/// What the model asks the driver to do after an event. Effects are values, so tests check them.
enum InteractiveEffect: Sendable, Equatable {
    /// Fetch the toplist in `currency`; answer with `.toplistLoaded`.
    case fetchToplist(currency: String, limit: Int)
    /// Fetch news for `symbol` (resolved to its news category); answer with `.newsLoaded`.
    case fetchNews(symbol: String)
    /// Read the reader's history from the archive; answer with `.readingHistoryLoaded`.
    case loadReadingHistory
    /// Search the news archive for `query`; answer with `.archiveSearched`.
    case searchArchive(query: String)
    /// Apply `mark` to the archived article `ref`; a failure answers with `.archiveProblem`.
    case markArticle(ref: String, mark: ArticleArchive.Mark)
    /// Write `article` to `path` (atomic, never overwriting); answer with `.shareFinished`.
    case share(article: NewsArticle, coin: String, path: String)
    /// Work for the user's coins: the store, details, prices, the coin list (see `YourCoinsEffect`).
    case yours(YourCoinsEffect)
    /// Subscribe exactly these live pairs (the source sends only the difference).
    case setSubscriptions([Subscription])
    /// Store `alert` under the next free id; answer with `.alertsStored` (for the prompt).
    case addAlert(Alert)
    /// Remove the alert with this id; answer with `.alertsStored`.
    case removeAlert(Int)
    /// Record what fired in the store and deliver what the store accepted; answer with `.alertsStored`.
    case recordAlerts(AlertRecordRequest)
    /// Open one feed per exchange for the compare screen `id`; they report with `.compare`.
    case openCompare(id: Int, pair: TradingPair, exchanges: [Exchange])
    /// Close the feeds of the compare screen `id`.
    case closeCompare(id: Int)
    /// Redraw every line, not just the changed ones (Ctrl-L, or after something else wrote).
    case repaint
    /// Give the terminal back and stop the process until `fg` (Ctrl-Z).
    case suspend
    /// Leave the view.
    case quit
}
