import Foundation
import LacriptaCore
import LacriptaTerminal

/// The news list's model: what each action does to it.
extension NewsPage {
    /// Applies `action` to the list: move, order, refresh, open the article (marking it read),
    /// cycle what is listed, save or mark the selected article, filter (and search), back.
    mutating func handle(_ action: ViewAction, in context: inout ScreenContext) -> [ScreenCommand] {
        let count = ordered.count
        let itemsPerPage = context.layout.newsItems
        if let movement = Movement(action, page: itemsPerPage) {
            movement.apply(to: &cursor, count: count, page: itemsPerPage)
            return []
        }
        switch action {
        case .back where !filter.isEmpty:
            // A kept filter goes first, as on the toplist; the next back leaves the list.
            filter = ""
            cursor.select(0, count: ordered.count, page: itemsPerPage)
        case .back:
            return [.back]
        case .newsOrder:
            order = order.next
            if order == .random { seed = context.takeSeed() }
            cursor.select(0, count: count, page: itemsPerPage)
        case .refresh:
            guard !loading else { return [] }
            loading = true
            return [.effect(search.map { .searchArchive(query: $0) } ?? .fetchNews(symbol: symbol))]
        case .openArticle:
            return openSelected(context)
        case .cycleList:
            shown = shown.next
            cursor.select(0, count: ordered.count, page: itemsPerPage)
            // Ranked again from the archive, so ratings given since the list was fetched count.
            if shown == .forYou, marks != nil { return [.effect(.loadReadingHistory)] }
        case .filter:
            filterEditor = LineEditor(filter, maximumLength: Self.maximumFilterLength)
        case .save, .markRead:
            let all = orderedMarked
            guard all.indices.contains(cursor.selected), let mark = all[cursor.selected].mark else {
                return marks == nil ? [.notice("The news archive is not available: marks cannot be kept")] : []
            }
            let change: ArticleArchive.Mark = action == .save ? .saved(!mark.isSaved) : .read(!mark.isRead)
            updateMark(ref: mark.ref) { InteractiveModel.apply(change, to: &$0, at: context.now) }
            cursor.clamp(count: ordered.count, page: itemsPerPage)
            return [.effect(.markArticle(ref: mark.ref, mark: change))]
        default:
            break
        }
        return []
    }

    /// The longest filter or search.
    static let maximumFilterLength = 200

    /// Typing in the filter: the list narrows to the titles holding every word as you type; Enter
    /// keeps the filter, or, when it finds nothing in the list, searches the whole archive for
    /// the words (a page of its own, this list left as it was); Esc drops it.
    mutating func editFilter(_ key: Key, in context: ScreenContext) -> [ScreenCommand] {
        guard var editor = filterEditor else { return [] }
        let itemsPerPage = context.layout.newsItems
        switch editor.handle(key) {
        case .edited:
            filterEditor = editor
            filter = Sanitizer.singleLine(editor.text)
            cursor.select(0, count: ordered.count, page: itemsPerPage)
        case .unchanged:
            filterEditor = editor
        case .submit:
            filterEditor = nil
            let query = filter.trimmingCharacters(in: .whitespaces)
            guard ordered.isEmpty, !query.isEmpty else { return [] }
            filter = ""
            cursor.select(0, count: ordered.count, page: itemsPerPage)
            let results = NewsPage(symbol: symbol, name: name, search: query)
            return [.push(.news(results)), .effect(.searchArchive(query: query))]
        case .cancel:
            filterEditor = nil
            filter = ""
            cursor.select(0, count: ordered.count, page: itemsPerPage)
        case .ignored:
            // Arrows still move through the narrowed list while typing.
            if let movement = Movement(fieldKey: key, page: itemsPerPage) {
                movement.apply(to: &cursor, count: ordered.count, page: itemsPerPage)
            }
        }
        return []
    }

    /// Opens the selected article; opening it reads it.
    private mutating func openSelected(_ context: ScreenContext) -> [ScreenCommand] {
        let all = orderedMarked
        guard all.indices.contains(cursor.selected) else { return [] }
        let chosen = all[cursor.selected]
        var commands: [ScreenCommand] = []
        var mark = chosen.mark
        if let ref = mark?.ref, mark?.isRead == false {
            updateMark(ref: ref) { $0.readAt = context.now }
            mark?.readAt = context.now
            commands.append(.effect(.markArticle(ref: ref, mark: .read(true))))
        }
        let article = ArticlePage(
            article: chosen.article, symbol: symbol, position: cursor.selected + 1, count: all.count, mark: mark,
            wrapped: context.articlePresenter.wrapped(chosen.article))
        return [.push(.article(article))] + commands
    }
}
