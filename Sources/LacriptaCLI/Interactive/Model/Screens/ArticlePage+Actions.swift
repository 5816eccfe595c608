import Foundation
import LacriptaCore
import LacriptaTerminal

/// An article's model: what each action does to it.
extension ArticlePage {
    /// Applies `action` to the article: scroll, open the share prompt, save or rate it, back.
    mutating func handle(_ action: ViewAction, in context: ScreenContext) -> [ScreenCommand] {
        let maximum = context.maximumScroll(self)
        switch Movement(action, page: context.layout.bodyRows) {
        case .by(let delta)?: scroll = min(max(0, scroll + delta), maximum)
        case .first?: scroll = 0
        case .last?: scroll = maximum
        case nil:
            switch action {
            case .back:
                return [.back]
            case .share:
                prompt = LineEditor(InteractiveModel.defaultSharePath(for: self))
                shareError = nil
            case .save, .rate1, .rate2, .rate3, .rate4, .rate5:
                guard let mark else { return [.notice("The news archive is not available: marks cannot be kept")] }
                // The mark itself changes through the view, on every screen showing the article.
                let stars = action.rating
                let change: ArticleArchive.Mark = stars.map { .rating($0) } ?? .saved(!mark.isSaved)
                let notice = stars.map { "Rated \($0) of 5" } ?? (mark.isSaved ? "Removed from your saved articles" : "Saved")
                return [.mark(ref: mark.ref, change), .notice(notice)]
            default:
                break
            }
        }
        return []
    }
}

extension ArticlePage {
    /// A key for the share prompt, which has the keyboard while it is open: typing edits the
    /// path, Enter asks for the file to be written (nothing while one is being written), Esc
    /// closes the prompt.
    mutating func editSharePath(_ key: Key) -> [ScreenCommand] {
        guard var field = prompt, !sharing else { return [] }
        switch field.handle(key) {
        case .edited, .unchanged:
            prompt = field
            shareError = nil
        case .submit:
            let path = field.text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else {
                shareError = "type a file name, or Esc to cancel"
                return []
            }
            sharing = true
            return [.effect(.share(article: article, coin: symbol, path: path))]
        case .cancel:
            prompt = nil
            shareError = nil
        case .ignored:
            break
        }
        return []
    }
}
