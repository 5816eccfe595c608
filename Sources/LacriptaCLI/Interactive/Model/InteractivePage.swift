import Foundation
import LacriptaCore

/// One screen of the interactive view; the model keeps a stack of them with the toplist at the
/// bottom, and Esc or Backspace pops back.
enum InteractivePage: Sendable, Equatable {
    /// The toplist (always the bottom of the stack).
    case toplist
    /// News for a coin.
    case news(NewsPage)
    /// One article.
    case article(ArticlePage)
    /// The live detail of a coin.
    case live(LiveDetailPage)
    /// A coin's figures and price chart.
    case coin(CoinDetailPage)
    /// The user's holdings, valued.
    case holdings(HoldingsPage)
    /// The search that adds any coin to the favourites.
    case addCoin(AddCoinPage)
    /// The user's alerts (`!`).
    case alerts(AlertListPage)
    /// A coin across exchanges (`x`).
    case compare(ComparePage)
}

/// The news list for one coin.
struct NewsPage: Sendable, Equatable {
    /// The coin's ticker and name.
    var symbol: String
    var name: String
    /// The articles as fetched (latest first); `nil` until the first answer.
    var articles: [NewsArticle]?
    /// When they were fetched.
    var fetchedAt: Date?
    /// Set when the coin has no category and general news is shown instead.
    var isGeneralNews = false
    /// Who supplied the articles ("CryptoCompare"; "CoinDesk, Decrypt"), once known.
    var attribution: String?
    /// Whether a request is out.
    var loading = true
    /// The last failure, in words; earlier articles stay on screen.
    var error: String?
    /// Latest, oldest or random; `o` cycles.
    var order: NewsOrder = .latest
    /// The seed of the current random order (a new one each time random comes round).
    var seed: UInt64 = 0
    /// The selection.
    var cursor = ListCursor()
    /// The archive's marks, one per article of `articles` (nil without the archive).
    var marks: [ArchivedArticle?]?
    /// Which articles the list shows: all, unread, saved or for you (`u` cycles).
    var shown: NewsListFilter = .all
    /// The recommendations among these articles, ranked, each with why; nil without the archive.
    var forYou: ForYouOrder?
    /// The words the list is narrowed to (titles holding every one); empty for none.
    var filter = ""
    /// The filter field while it is being typed in (`/`).
    var filterEditor: LineEditor?
    /// The archive search this page lists the matches of (`/` when the list has none); nil
    /// for a coin's news.
    var search: String?

    /// The articles in the chosen order (the same shuffle for the same seed), narrowed to `shown`.
    var ordered: [NewsArticle] { orderedMarked.map(\.article) }

    /// The same, each with its marks: the chosen order, or for you the ranking; then `shown`
    /// and the filter.
    var orderedMarked: [MarkedArticle] {
        var generator = SplitMix64(seed: seed)
        let all = (articles ?? []).enumerated().map { index, article in
            MarkedArticle(article: article, mark: marks.flatMap { index < $0.count ? $0[index] : nil })
        }
        let ordered: [MarkedArticle]
        switch (shown, forYou) {
        case (.forYou, let forYou?): ordered = forYou.ranked(all)
        // Until the ranking is in, the archived articles in the chosen order; without the
        // archive there is nothing to rank.
        case (.forYou, nil): ordered = marks == nil ? [] : order.apply(to: all, article: \.article, using: &generator)
        default: ordered = order.apply(to: all, article: \.article, using: &generator).filter { shown.keeps($0.mark) }
        }
        let words = Self.words(filter)
        guard !words.isEmpty else { return ordered }
        return ordered.filter { marked in
            let title = ArticleText(marked.article).title.lowercased()
            return words.allSatisfy { title.contains($0) }
        }
    }

    /// The lower-cased words of a filter or search.
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Applies `change` to the marks of the article `ref`.
    mutating func updateMark(ref: String, _ change: (inout ArchivedArticle) -> Void) {
        guard var all = marks else { return }
        for index in all.indices where all[index]?.ref == ref {
            if var mark = all[index] {
                change(&mark)
                all[index] = mark
            }
        }
        marks = all
    }
}

/// An article with its archive marks, if the archive is at hand.
struct MarkedArticle: Sendable, Equatable {
    var article: NewsArticle
    var mark: ArchivedArticle?
}

/// One article, scrolled.
struct ArticlePage: Sendable, Equatable {
    /// The article.
    var article: NewsArticle
    /// The coin whose news it came from (for the share file name).
    var symbol: String
    /// Its position in the list it was opened from (1-based) and that list's length.
    var position: Int
    var count: Int
    /// Its archive marks, when the archive is at hand.
    var mark: ArchivedArticle?
    /// The first body line shown.
    var scroll = 0
    /// The share prompt, while open.
    var prompt: LineEditor?
    /// Set while a share is being written.
    var sharing = false
    /// The last share failure, shown on the prompt line.
    var shareError: String?
    /// The article cleaned and wrapped to the window's article width, kept so frames (one per
    /// key or tick) reuse it; the model re-wraps it when the width changes.
    var wrapped: WrappedArticle
}

/// The live detail of one coin.
struct LiveDetailPage: Sendable, Equatable {
    /// The coin's ticker and name.
    var symbol: String
    var name: String
    /// When the page opened (the sparkline covers ticks since then).
    var openedAt: Date
    /// Prices received since opening, oldest first, at most `maximumTicks`.
    var ticks: [Double] = []

    /// The most ticks kept for the sparkline; older ones scroll off.
    static let maximumTicks = 512
}
