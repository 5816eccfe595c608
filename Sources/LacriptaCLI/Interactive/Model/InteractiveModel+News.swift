import Foundation
import LacriptaCore
import LacriptaTerminal

extension InteractiveModel {
    /// An action on a coin's news list.
    mutating func handleNews(_ action: ViewAction) -> [InteractiveEffect] {
        guard case .news(var news) = page else { return [] }
        let count = news.articles?.count ?? 0
        let itemsPerPage = layout.newsItems
        if let movement = Movement(action, page: itemsPerPage) {
            movement.apply(to: &news.cursor, count: count, page: itemsPerPage)
            replaceTop(.news(news))
            return []
        }
        switch action {
        case .back:
            goBack()
        case .newsOrder:
            news.order = news.order.next
            if news.order == .random { news.seed = takeSeed() }
            news.cursor.select(0, count: count, page: itemsPerPage)
            replaceTop(.news(news))
        case .refresh:
            guard !news.loading else { return [] }
            news.loading = true
            replaceTop(.news(news))
            return [.fetchNews(symbol: news.symbol)]
        case .openArticle:
            let ordered = news.orderedMarked
            guard ordered.indices.contains(news.cursor.selected) else { return [] }
            let chosen = ordered[news.cursor.selected]
            // Opening an article reads it.
            var effects: [InteractiveEffect] = []
            var mark = chosen.mark
            if let ref = mark?.ref, mark?.isRead == false {
                news.updateMark(ref: ref) { $0.readAt = now }
                mark?.readAt = now
                replaceTop(.news(news))
                effects.append(.markArticle(ref: ref, mark: .read(true)))
            }
            let article = ArticlePage(
                article: chosen.article, symbol: news.symbol, position: news.cursor.selected + 1, count: ordered.count, mark: mark,
                wrapped: articlePresenter.wrapped(chosen.article))
            pages.append(.article(article))
            return effects
        case .cycleList:
            news.shown = news.shown.next
            news.cursor.select(0, count: news.ordered.count, page: itemsPerPage)
            replaceTop(.news(news))
        case .save, .markRead:
            let ordered = news.orderedMarked
            guard ordered.indices.contains(news.cursor.selected), let mark = ordered[news.cursor.selected].mark else {
                notice = news.marks == nil ? "The news archive is not available: marks cannot be kept" : nil
                return []
            }
            let change: ArticleArchive.Mark = action == .save ? .saved(!mark.isSaved) : .read(!mark.isRead)
            news.updateMark(ref: mark.ref) { Self.apply(change, to: &$0, at: now) }
            news.cursor.clamp(count: news.ordered.count, page: itemsPerPage)
            replaceTop(.news(news))
            return [.markArticle(ref: mark.ref, mark: change)]
        default:
            break
        }
        return []
    }

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
    private mutating func updateEverywhere(ref: String, _ change: ArticleArchive.Mark) {
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
            guard case .news(var news) = pages[index], news.symbol == symbol else { continue }
            news.loading = false
            switch result {
            case .success(let fetch):
                news.articles = fetch.articles
                news.fetchedAt = fetch.fetchedAt
                news.isGeneralNews = fetch.isGeneralNews
                news.attribution = fetch.attribution.isEmpty ? nil : fetch.attribution
                news.error = fetch.offlineReason.map(Self.describe)
                news.marks = fetch.marks
            case .failure(let error):
                news.error = Self.describe(error)
            }
            news.cursor.clamp(count: news.articles?.count ?? 0, page: layout.newsItems)
            pages[index] = .news(news)
        }
        return []
    }

    /// An action on an article: scrolling, rating, saving, share, back.
    mutating func handleArticle(_ action: ViewAction) -> [InteractiveEffect] {
        guard case .article(var article) = page else { return [] }
        let maximum = maximumScroll(article)
        switch Movement(action, page: layout.bodyRows) {
        case .by(let delta)?: article.scroll = min(max(0, article.scroll + delta), maximum)
        case .first?: article.scroll = 0
        case .last?: article.scroll = maximum
        case nil:
            switch action {
            case .back:
                goBack()
                return []
            case .share:
                article.prompt = LineEditor(Self.defaultSharePath(for: article))
                article.shareError = nil
            case .save, .rate1, .rate2, .rate3, .rate4, .rate5:
                guard let mark = article.mark else {
                    notice = "The news archive is not available: marks cannot be kept"
                    return []
                }
                let stars = action.rating
                let change: ArticleArchive.Mark = stars.map { .rating($0) } ?? .saved(!mark.isSaved)
                updateEverywhere(ref: mark.ref, change)
                notice = stars.map { "Rated \($0) of 5" } ?? (mark.isSaved ? "Removed from your saved articles" : "Saved")
                return [.markArticle(ref: mark.ref, mark: change)]
            default:
                return []
            }
        }
        replaceTop(.article(article))
        return []
    }

    /// Typing the share path; Enter writes the file, Esc closes the prompt.
    mutating func editSharePath(_ key: Key, article: inout ArticlePage) -> [InteractiveEffect] {
        guard var prompt = article.prompt, !article.sharing else { return [] }
        var effects: [InteractiveEffect] = []
        switch prompt.handle(key) {
        case .edited, .unchanged:
            article.prompt = prompt
            article.shareError = nil
        case .submit:
            let path = prompt.text.trimmingCharacters(in: .whitespaces)
            if path.isEmpty {
                article.shareError = "type a file name, or Esc to cancel"
            } else {
                article.sharing = true
                effects = [.share(article: article.article, coin: article.symbol, path: path)]
            }
        case .cancel:
            article.prompt = nil
            article.shareError = nil
        case .ignored:
            break
        }
        replaceTop(.article(article))
        return effects
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
        let presenter = articlePresenter
        let lines = presenter.detail(article.article, wrapped: presenter.wrapped(article.article, reusing: article.wrapped), mark: article.mark).count
        return max(0, lines - layout.bodyRows)
    }

    /// Draws articles at the window's article width (the view uses the same one).
    var articlePresenter: NewsPresenter {
        NewsPresenter(now: now, width: layout.articleWidth)
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
