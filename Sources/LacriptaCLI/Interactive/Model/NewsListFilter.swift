import Foundation
import LacriptaCore

/// Which articles the news screen lists.
enum NewsListFilter: Sendable, Equatable {
    case all, unread, saved
    /// The recommendations, ranked as `news --for-you` ranks them, each line saying why.
    case forYou

    /// The next one `u` switches to.
    var next: NewsListFilter {
        switch self {
        case .all: .unread
        case .unread: .saved
        case .saved: .forYou
        case .forYou: .all
        }
    }

    /// Whether an article with `mark` is listed (without the archive, everything is).
    func keeps(_ mark: ArchivedArticle?) -> Bool {
        guard let mark else { return self == .all }
        switch self {
        case .all, .forYou: return true
        case .unread: return !mark.isRead
        case .saved: return mark.isSaved
        }
    }
}

/// A news list's recommendations: the archived articles ranked by `ForYouRanking` (what the
/// reader rates and reads, the coins they follow), unread first as in `news --for-you`, each
/// with the reasons its line shows.
struct ForYouOrder: Sendable, Equatable {
    /// The articles' short ids, best first.
    var refs: [String]
    /// Why each was picked, by short id.
    var why: [String: [String]]
    /// Whether the reader has rated anything yet (if not, the title says the order follows what
    /// they follow and read most).
    var hasRatings: Bool

    /// Ranks `marks` (the archived articles of a list) from the reader's `history`; `followed`
    /// maps each followed ticker to whether it is held.
    init(marks: [ArchivedArticle], history: [ArchivedArticle], followed: [String: Bool]) {
        let ranking = ForYouRanking(history: history)
        let picks = ranking.rank(marks, followed: followed)
        // What was read already goes last: recommendations are for what is still to read.
        let ordered = picks.filter { !$0.article.isRead } + picks.filter(\.article.isRead)
        refs = ordered.map(\.article.ref)
        why = Dictionary(ordered.map { ($0.article.ref, $0.why) }) { first, _ in first }
        hasRatings = ranking.hasRatings
    }

    /// `articles` in the ranking's order; those it did not rank (not archived) are left out.
    func ranked(_ articles: [MarkedArticle]) -> [MarkedArticle] {
        var byRef: [String: MarkedArticle] = [:]
        for article in articles {
            if let ref = article.mark?.ref, byRef[ref] == nil { byRef[ref] = article }
        }
        return refs.compactMap { byRef[$0] }
    }
}
