import Foundation
import LacriptaCore

/// The news list's model: what each action does to it.
extension NewsPage {
    /// Applies `action` to the list: move, order, refresh, open the article (marking it read),
    /// cycle what is listed, save or mark the selected article, back.
    mutating func handle(_ action: ViewAction, in context: inout ScreenContext) -> [ScreenCommand] {
        let count = articles?.count ?? 0
        let itemsPerPage = context.layout.newsItems
        if let movement = Movement(action, page: itemsPerPage) {
            movement.apply(to: &cursor, count: count, page: itemsPerPage)
            return []
        }
        switch action {
        case .back:
            return [.back]
        case .newsOrder:
            order = order.next
            if order == .random { seed = context.takeSeed() }
            cursor.select(0, count: count, page: itemsPerPage)
        case .refresh:
            guard !loading else { return [] }
            loading = true
            return [.effect(.fetchNews(symbol: symbol))]
        case .openArticle:
            return openSelected(context)
        case .cycleList:
            shown = shown.next
            cursor.select(0, count: ordered.count, page: itemsPerPage)
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
