/// Merges the articles of several sources into one list: duplicates removed, newest first.
public enum NewsMerger {
    /// `lists` (one per feed, in order of preference) merged.
    ///
    /// Two articles are the same story when their links are equal after
    /// `ArticleLink.canonical` (case, `www.`, trailing slash, `utm_*`), or when two different
    /// sources give the same title (compared by its words: case, punctuation, curly quotes and
    /// entities do not count). The same title twice from one source is kept, because outlets
    /// reuse titles for new stories ("Here's what happened in crypto today"). Of duplicates the
    /// first is kept, so the caller's order of lists decides which outlet's copy wins. The result
    /// is newest first, with undated articles (`NewsArticle.undated`) last; ties keep the input order.
    public static func merge(_ lists: [[NewsArticle]]) -> [NewsArticle] {
        var links: Set<String> = []
        var titleSources: [String: Set<String>] = [:]
        var kept: [NewsArticle] = []
        for article in lists.joined() {
            let link = article.url.isEmpty ? nil : ArticleLink.canonical(article.url)
            let title = titleKey(article.title)
            if let link, links.contains(link) { continue }
            if !title.isEmpty, let sources = titleSources[title], !sources.subtracting([article.source]).isEmpty { continue }
            if let link { links.insert(link) }
            if !title.isEmpty { titleSources[title, default: []].insert(article.source) }
            kept.append(article)
        }
        return kept.enumerated()
            .sorted { ($0.element.publishedOn, $1.offset) > ($1.element.publishedOn, $0.offset) }
            .map(\.element)
    }

    /// The words of a title, lower-cased: "Bitcoin&#8217;s  Rally!" and "bitcoin's rally" both
    /// give "bitcoin s rally".
    static func titleKey(_ title: String) -> String {
        HTMLEntities.decode(title).lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .joined(separator: " ")
    }
}
