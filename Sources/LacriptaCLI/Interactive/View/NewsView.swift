import Foundation
import LacriptaCore
import LacriptaTerminal

/// The news list of a coin, drawn with `NewsPresenter.list` (title, then source and relative
/// date): two rows per article, the selected one highlighted.
struct NewsView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let news: NewsPage

    /// The title bar: coin (or the archive search), order, what is listed, position.
    func title(width: Int) -> StyledText {
        let coin =
            news.search.map { "search \"\($0)\"" }
            ?? (news.isGeneralNews ? "all coins (no \(news.symbol) news)" : "\(news.symbol) (\(news.name))")
        var order: String
        switch news.order {
        case .latest: order = "latest first"
        case .oldest: order = "oldest first"
        case .random: order = "random order"
        }
        if news.shown == .forYou { order = "best first" }
        let count = news.ordered.count
        let position = count == 0 ? "" : "\(news.cursor.selected + 1) of \(count)"
        let shown =
            switch news.shown {
            case .all: ""
            case .unread: " · unread only"
            case .saved: " · saved only"
            case .forYou: " · for you"
            }
        let filter = news.filter.isEmpty ? "" : " · filter \"\(Sanitizer.singleLine(news.filter))\""
        let new = news.marks.map { marks in " · \(marks.compactMap { $0 }.filter(\.isNew).count) new" } ?? ""
        return FramePieces.titleBar(
            "lacripta · news · \(Sanitizer.singleLine(coin)) · \(order)\(shown)\(filter)\(new)", right: position, width: width)
    }

    /// The body: the articles in the window.
    func body(width: Int) -> [StyledText] {
        let marked = news.orderedMarked
        let articles = marked.map(\.article)
        guard !articles.isEmpty else {
            let text =
                news.loading ? news.search == nil ? "  Loading news for \(news.symbol)…" : "  Searching the archive…" : news.error == nil ? empty : ""
            return [StyledText(""), StyledText(text, style: .secondary)]
        }
        // A search highlights its words; the recommendations say why each was picked.
        let words = NewsPage.words(news.search ?? news.filter)
        let reasons = news.shown == .forYou ? marked.map { $0.mark.flatMap { news.forYou?.why[$0.ref] } ?? [] } : nil
        let lines = NewsPresenter(now: model.now, width: width).list(
            articles, marks: news.marks == nil ? nil : marked.map(\.mark), highlighting: words, reasons: reasons)
        var body: [StyledText] = []
        for index in news.cursor.visible(count: articles.count, page: model.layout.newsItems) {
            let pair = lines[(2 * index)..<min(lines.count, 2 * index + 2)]
            for line in pair {
                body.append(index == news.cursor.selected ? FramePieces.highlighted(line, width: width) : line)
            }
        }
        return body
    }

    /// What an empty list says: why it is empty and what to press.
    private var empty: String {
        if let editor = news.filterEditor, !editor.text.isEmpty {
            return "  No title here holds \"\(Sanitizer.singleLine(editor.text))\": Enter searches the archive."
        }
        if let search = news.search { return "  Nothing in the archive matches \"\(Sanitizer.singleLine(search))\"." }
        switch news.shown {
        case .all: return "  No news right now. Press r to try again."
        case .forYou where news.forYou == nil: return "  Recommendations need the news archive, which is not available."
        case .unread, .saved, .forYou: return "  Nothing here: press u for the other lists."
        }
    }

    /// The footer: the filter field while typing, else the key hints.
    func footer(width: Int) -> StyledText {
        guard let editor = news.filterEditor else {
            let page = InteractivePage.news(news)
            return FramePieces.footer(
                KeyHints.footer(for: page, keymap: model.keymap), fixed: KeyHints.fixed(for: page, keymap: model.keymap), width: width)
        }
        let field = StyledText(" Search: ", style: .bold) + StyledText(Sanitizer.singleLine(editor.text)) + FramePieces.textCursor
        let hint = news.ordered.isEmpty && !editor.text.isEmpty ? "  Enter search the archive · Esc clear" : "  Enter keep · Esc clear"
        return (field + StyledText(hint, style: .secondary)).truncated(toWidth: width)
    }
}

/// One article, scrolled: `NewsPresenter.detail` (title, source, dates, URL, wrapped body).
struct ArticleView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let article: ArticlePage

    /// The lines of the whole article at the current width, from the page's wrapped text (the
    /// model keeps it at the current width, so no frame wraps the article again).
    private var lines: [StyledText] {
        let presenter = model.articlePresenter
        return presenter.detail(article.article, wrapped: presenter.wrapped(article.article, reusing: article.wrapped), mark: article.mark)
    }

    /// The title bar: which article, and how far down.
    func title(width: Int) -> StyledText {
        let total = lines.count
        let shownEnd = min(total, article.scroll + model.layout.bodyRows)
        let right = total > model.layout.bodyRows ? "lines \(article.scroll + 1)–\(shownEnd) of \(total)" : ""
        let left = "lacripta · \(Sanitizer.singleLine(article.symbol)) news · article \(article.position) of \(article.count)"
        return FramePieces.titleBar(left, right: right, width: width)
    }

    /// The body: the window of article lines, indented one cell like the other screens.
    func body(width: Int) -> [StyledText] {
        let all = lines
        let start = min(article.scroll, all.count)
        return all[start..<min(all.count, start + model.layout.bodyRows)].map { StyledText(" ") + $0 }
    }

    /// The footer: the share prompt while open, else the key hints.
    func footer(width: Int) -> StyledText {
        guard let prompt = article.prompt else {
            let page = InteractivePage.article(article)
            return FramePieces.footer(
                KeyHints.footer(for: page, keymap: model.keymap), fixed: KeyHints.fixed(for: page, keymap: model.keymap), width: width)
        }
        let field = StyledText(" Share to: ", style: .bold) + StyledText(prompt.text) + FramePieces.textCursor
        let hint = article.sharing ? "  writing…" : "  Enter save (.md, .txt or .json) · Esc cancel"
        return (field + StyledText(hint, style: .secondary)).truncated(toWidth: width)
    }
}
