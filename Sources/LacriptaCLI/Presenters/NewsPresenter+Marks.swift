import Foundation
import LacriptaCore
import LacriptaTerminal

/// How the archive's marks read in lists and in the detail view.
extension NewsPresenter {
    /// "k7q2 · new · saved · ★4 · " before a list entry's source, or nothing without marks.
    static func markPrefix(_ mark: ArchivedArticle?) -> String {
        guard let mark else { return "" }
        var parts = [mark.ref]
        if mark.isNew { parts.append("new") }
        if mark.isSaved { parts.append("saved") }
        if let rating = mark.rating { parts.append("★\(rating)") }
        return parts.joined(separator: " · ") + " · "
    }

    /// "k7q2 · read · saved · rated 4/5" for the detail view.
    static func markSummary(_ mark: ArchivedArticle) -> String {
        var parts = [mark.ref, mark.isRead ? "read" : "unread"]
        if mark.isSaved { parts.append("saved") }
        parts.append(mark.rating.map { "rated \($0)/5" } ?? "not rated")
        return parts.joined(separator: " · ")
    }

    /// `title` in bold, with each of `words` (lower-cased) underlined where it starts a word.
    static func highlighted(_ title: String, words: [String]) -> StyledText {
        guard !words.isEmpty else { return StyledText(title, style: .bold) }
        var result = StyledText()
        var plain = ""
        let emphasis = TextStyle(bold: true, underline: true)
        var index = title.startIndex
        while index < title.endIndex {
            let startsWord = index == title.startIndex || !(title[title.index(before: index)].isLetter || title[title.index(before: index)].isNumber)
            let rest = title[index...]
            if startsWord, let word = words.first(where: { rest.lowercased().hasPrefix($0) }) {
                let end = title.index(index, offsetBy: word.count, limitedBy: title.endIndex) ?? title.endIndex
                if !plain.isEmpty { result += StyledText(plain, style: .bold) }
                plain = ""
                result += StyledText(String(title[index..<end]), style: emphasis)
                index = end
                continue
            }
            plain.append(title[index])
            index = title.index(after: index)
        }
        if !plain.isEmpty { result += StyledText(plain, style: .bold) }
        return result
    }
}
