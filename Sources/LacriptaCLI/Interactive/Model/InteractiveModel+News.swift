import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// `mark` applied to an archived article's marks in memory, as the archive applies it.
    static func apply(_ mark: ArticleArchive.Mark, to article: inout ArchivedArticle, at now: Date) {
        switch mark {
        case .read(let read): article.readAt = read ? (article.readAt ?? now) : nil
        case .saved(let saved): article.savedAt = saved ? (article.savedAt ?? now) : nil
        case .rating(let stars):
            article.rating = stars
            if stars != nil { article.readAt = article.readAt ?? now }
        }
    }

    /// Applies `change` to the article `ref` on every open news page and article page.
    mutating func updateEverywhere(ref: String, _ change: ArticleArchive.Mark) {
        for index in pages.indices {
            switch pages[index] {
            case .news(var news):
                news.updateMark(ref: ref) { Self.apply(change, to: &$0, at: now) }
                pages[index] = .news(news)
            case .article(var article) where article.mark?.ref == ref:
                if var mark = article.mark {
                    Self.apply(change, to: &mark, at: now)
                    article.mark = mark
                }
                pages[index] = .article(article)
            default:
                break
            }
        }
    }

    /// Takes a news answer for `symbol` into every news page of that coin still open.
    mutating func newsLoaded(symbol: String, _ result: Result<NewsFetch, LacriptaError>) -> [InteractiveEffect] {
        for index in pages.indices {
            // A search page of the same coin lists the archive's matches, not the coin's news.
            guard case .news(var news) = pages[index], news.symbol == symbol, news.search == nil else { continue }
            news.loading = false
            switch result {
            case .success(let fetch):
                news.articles = fetch.articles
                news.fetchedAt = fetch.fetchedAt
                news.isGeneralNews = fetch.isGeneralNews
                news.attribution = fetch.attribution.isEmpty ? nil : fetch.attribution
                news.error = fetch.offlineReason.map(Self.describe)
                news.marks = fetch.marks
                news.forYou = fetch.history.map { history in
                    ForYouOrder(marks: (fetch.marks ?? []).compactMap { $0 }, history: history, followed: followedCoins)
                }
            case .failure(let error):
                news.error = Self.describe(error)
            }
            news.cursor.clamp(count: news.articles?.count ?? 0, page: layout.newsItems)
            pages[index] = .news(news)
        }
        return []
    }

    /// The archive's answer to a search: the matches fill every search page of `query` still open.
    mutating func archiveSearched(query: String, _ result: Result<[ArchivedArticle], LacriptaError>) -> [InteractiveEffect] {
        for index in pages.indices {
            guard case .news(var news) = pages[index], news.search == query else { continue }
            news.loading = false
            switch result {
            case .success(let matches):
                news.articles = matches.map(\.article)
                news.marks = matches
                news.fetchedAt = now
                news.error = nil
            case .failure(let error):
                news.error = Self.describe(error)
            }
            news.cursor.clamp(count: news.ordered.count, page: layout.newsItems)
            pages[index] = .news(news)
        }
        return []
    }

    /// The reader's history, read again: every open list's recommendations are ranked anew. With
    /// nothing rated yet the status line says what the order follows instead.
    mutating func readingHistoryLoaded(_ history: [ArchivedArticle]?) -> [InteractiveEffect] {
        guard let history else { return [] }
        for index in pages.indices {
            guard case .news(var news) = pages[index], let marks = news.marks else { continue }
            news.forYou = ForYouOrder(marks: marks.compactMap { $0 }, history: history, followed: followedCoins)
            pages[index] = .news(news)
        }
        if case .news(let news) = page, news.shown == .forYou, let forYou = news.forYou, !forYou.hasRatings, !forYou.refs.isEmpty {
            notice = "Nothing rated yet: these follow your coins and what you read most (rate with 1–5 in an article)"
        }
        return []
    }

    /// The coins the reader follows, for recommendations: each favourite, and whether it is held
    /// (a held coin counts for more), as `news --for-you` reads them from the store.
    var followedCoins: [String: Bool] {
        var followed: [String: Bool] = [:]
        for symbol in yours.favorites { followed[symbol.uppercased()] = false }
        for holding in yours.holdings { followed[holding.symbol.uppercased()] = true }
        return followed
    }

    /// A key for the open share prompt: the article's model takes it.
    mutating func editSharePath(_ key: Key, article: inout ArticlePage) -> [InteractiveEffect] {
        let commands = article.editSharePath(key)
        replaceTop(.article(article))
        return apply(commands)
    }

    /// Takes the result of a share: a confirmation line, or the error on the still-open prompt.
    mutating func shareFinished(_ result: Result<String, ShareFailure>) -> [InteractiveEffect] {
        guard let index = pages.lastIndex(where: { if case .article(let a) = $0 { a.sharing } else { false } }),
            case .article(var article) = pages[index]
        else { return [] }
        article.sharing = false
        switch result {
        case .success(let path):
            article.prompt = nil
            article.shareError = nil
            notice = "Shared to \(Sanitizer.singleLine(path))"
        case .failure(let failure):
            article.shareError = Sanitizer.singleLine(failure.message)
        }
        pages[index] = .article(article)
        return []
    }

    /// How far an article can scroll: its lines at the current width minus one window.
    func maximumScroll(_ article: ArticlePage) -> Int {
        screenContext.maximumScroll(article)
    }

    /// Draws articles at the window's article width (the view uses the same one).
    var articlePresenter: NewsPresenter {
        screenContext.articlePresenter
    }

    /// The suggested share path: `~/lacripta-<coin>-<title-slug>.md`.
    static func defaultSharePath(for article: ArticlePage) -> String {
        let coin = slug(article.symbol, limit: 12)
        let title = slug(ArticleText(article.article).title, limit: 48)
        let name = ["lacripta", coin.isEmpty ? "news" : coin, title].filter { !$0.isEmpty }.joined(separator: "-")
        return "~/\(name).md"
    }

    /// Lower-case ASCII letters and digits, other runs turned into one "-", cut at a word break
    /// to at most `limit` characters (so a title never makes a hidden file or an odd path).
    static func slug(_ text: String, limit: Int) -> String {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var result = ""
        for word in words {
            let next = result.isEmpty ? word : result + "-" + word
            if next.count > limit {
                // A first word longer than the limit is cut; later ones are left out whole.
                if result.isEmpty { result = String(word.prefix(limit)) }
                break
            }
            result = next
        }
        return result
    }
}
