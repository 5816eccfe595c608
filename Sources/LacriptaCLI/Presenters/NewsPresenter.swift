import Foundation
import LacriptaCore
import LacriptaTerminal

/// Renders news for the terminal (list and detail) and for files (Markdown, text, JSON).
struct NewsPresenter: Sendable {
    /// The time relative dates are measured from.
    let now: Date
    /// Terminal width for wrapping.
    let width: Int

    private var relative: RelativeDateFormatter { RelativeDateFormatter(now: now) }

    /// The numbered list: title on one line, source and age dimmed on the next; with `about`
    /// (one entry per article, `news --following`) that line first names the user's coins. With
    /// `marks` (the archive's, one per article) an unread title is marked •, and the second line
    /// starts with the short id and says new, saved and the rating; `highlighting` words are
    /// underlined in titles (a search's); `reasons` (`news --for-you`) say why each is there.
    func list(
        _ articles: [NewsArticle], about: [String]? = nil, marks: [ArchivedArticle?]? = nil, highlighting words: [String] = [],
        reasons: [[String]]? = nil
    ) -> [StyledText] {
        let numberWidth = String(articles.count).count + 2
        var lines: [StyledText] = []
        for (index, article) in articles.enumerated() {
            let text = ArticleText(article)
            let mark = marks.flatMap { index < $0.count ? $0[index] : nil }
            let number = "\(index + 1).".padding(toLength: numberWidth, withPad: " ", startingAt: 0)
            let unread = marks == nil ? StyledText() : StyledText(mark.map { $0.isRead ? "  " : "• " } ?? "  ", style: .accent)
            let title = StyledText(number, style: .accent) + unread + Self.highlighted(text.title, words: words)
            lines.append(title.truncated(toWidth: max(width, 20)))
            let coins =
                (about.flatMap { index < $0.count ? "about \($0[index]) · " : nil } ?? "")
                + (reasons.flatMap { index < $0.count && !$0[index].isEmpty ? $0[index].joined(separator: "; ") + " · " : nil } ?? "")
            let meta = String(repeating: " ", count: numberWidth) + Self.markPrefix(mark) + coins + "\(text.source) · \(age(article))"
            lines.append(StyledText(meta, style: .secondary).truncated(toWidth: max(width, 20)))
        }
        return lines
    }

    /// One article in full: title, source, dates, URL, categories, tags, wrapped body; with
    /// `about`, which of the user's coins it is about.
    func detail(_ article: NewsArticle, about: String? = nil, mark: ArchivedArticle? = nil) -> [StyledText] {
        var lines = detail(article, wrapped: wrapped(article), mark: mark)
        if let about, let at = lines.firstIndex(where: { $0.plainText.hasPrefix("URL:") }) {
            lines.insert(field("Your coins", about), at: at + 1)
        }
        return lines
    }

    /// One article in full, its title and body taken from `wrapped` (see `wrapped(_:reusing:)`).
    func detail(_ article: NewsArticle, wrapped: WrappedArticle, mark: ArchivedArticle? = nil) -> [StyledText] {
        let text = wrapped.text
        var lines = wrapped.title
        lines.append(StyledText(""))
        lines.append(field("Source", text.source))
        let age = age(article)
        // Beyond a few weeks the relative form is itself a date; saying it twice helps nobody.
        let published = Self.published(article)
        lines.append(field("Published", published.hasPrefix(age) ? published : "\(published) (\(age))"))
        lines.append(field("URL", text.url))
        if let mark { lines.append(field("Archive", Self.markSummary(mark))) }
        if !text.categories.isEmpty { lines.append(field("Categories", text.categories.joined(separator: ", "))) }
        if !text.tags.isEmpty { lines.append(field("Tags", text.tags.joined(separator: ", "))) }
        lines.append(StyledText(""))
        lines += wrapped.body
        return lines
    }

    /// The width article text is wrapped to: the terminal, within a readable 20–100 cells.
    var wrapWidth: Int { max(min(width, 100), 20) }

    /// `article` wrapped to `wrapWidth`: `cached` itself when it already is, a re-wrap of its
    /// cleaned text when only the width changed, else a fresh one.
    func wrapped(_ article: NewsArticle, reusing cached: WrappedArticle? = nil) -> WrappedArticle {
        guard let cached else { return WrappedArticle(article, width: wrapWidth) }
        return cached.width == wrapWidth ? cached : WrappedArticle(text: cached.text, width: wrapWidth)
    }

    private func field(_ name: String, _ value: String) -> StyledText {
        StyledText((name + ":").padding(toLength: 12, withPad: " ", startingAt: 0), style: .secondary) + StyledText(value)
    }

    /// A list of articles as a shareable document.
    func document(_ articles: [NewsArticle], title: String, format: ShareFormat) -> String {
        switch format {
        case .json:
            return (try? json(articles)) ?? "[]\n"
        case .markdown:
            var out = "# \(Markdown.escaped(title))\n\n"
            for (index, article) in articles.enumerated() {
                let text = ArticleText(article)
                let link = Markdown.link(text.title, to: text.url)
                out += "\(index + 1). \(link) — \(Markdown.escaped(text.source)), \(Self.published(article))\n"
            }
            return out
        case .text:
            var out = "\(Sanitizer.singleLine(title))\n\n"
            for (index, article) in articles.enumerated() {
                let text = ArticleText(article)
                out += "\(index + 1). \(text.title)\n   \(text.source), \(Self.published(article))\n   \(text.url)\n"
            }
            return out
        }
    }

    /// One article as a shareable document.
    func document(_ article: NewsArticle, format: ShareFormat) -> String {
        let text = ArticleText(article)
        let published = Self.published(article)
        switch format {
        case .json:
            return (try? json([article])) ?? "[]\n"
        case .markdown:
            var out = "# \(Markdown.escaped(text.title))\n\n"
            out += "- Source: \(Markdown.escaped(text.source))\n- Published: \(published)\n- URL: \(Markdown.autolink(text.url))\n"
            if !text.categories.isEmpty { out += "- Categories: \(Markdown.escaped(text.categories.joined(separator: ", ")))\n" }
            if !text.tags.isEmpty { out += "- Tags: \(Markdown.escaped(text.tags.joined(separator: ", ")))\n" }
            // The body is feed text like the title: escaped the same way, so it stays prose.
            return out + "\n" + Markdown.paragraphs(text.body) + "\n"
        case .text:
            var out = "\(text.title)\n\nSource: \(text.source)\nPublished: \(published)\nURL: \(text.url)\n"
            if !text.categories.isEmpty { out += "Categories: \(text.categories.joined(separator: ", "))\n" }
            if !text.tags.isEmpty { out += "Tags: \(text.tags.joined(separator: ", "))\n" }
            return out + "\n" + TextWrapper(width: 80).wrap(text.body).joined(separator: "\n") + "\n"
        }
    }

    /// The documented JSON for articles: id, title, source, url, publishedAt (ISO 8601 UTC),
    /// categories, tags, body — all sanitised; with `coins` (`news --following`, one list per
    /// article) also `coins`, the tickers of the user's coins each is about.
    func json(_ articles: [NewsArticle], coins: [[String]]? = nil, marks: [ArchivedArticle?]? = nil, why: [[String]]? = nil) throws -> String {
        struct Item: Encodable {
            let id: String
            let title: String
            let source: String
            let url: String
            let publishedAt: String?
            let categories: [String]
            let tags: [String]
            let body: String
            let coins: [String]?
            let mark: ArchivedArticle?
            let why: [String]?

            func encode(to encoder: any Encoder) throws {
                // An undated article's date is null, not a missing key: the field list is a contract.
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(title, forKey: .title)
                try container.encode(source, forKey: .source)
                try container.encode(url, forKey: .url)
                try container.encode(publishedAt, forKey: .publishedAt)
                try container.encode(categories, forKey: .categories)
                try container.encode(tags, forKey: .tags)
                try container.encode(body, forKey: .body)
                try container.encodeIfPresent(coins, forKey: .coins)
                // The archive's marks, when it is at hand: the short id and the reader's marks.
                if let mark {
                    try container.encode(mark.ref, forKey: .ref)
                    try container.encode(mark.isRead, forKey: .read)
                    try container.encode(mark.isNew, forKey: .new)
                    try container.encode(mark.isSaved, forKey: .saved)
                    try container.encode(mark.rating, forKey: .rating)
                }
                try container.encodeIfPresent(why, forKey: .why)
            }

            enum CodingKeys: String, CodingKey {
                case id, title, source, url, publishedAt, categories, tags, body, coins, ref, read, new, saved, rating, why
            }
        }
        let items = articles.enumerated().map { index, article in
            let text = ArticleText(article)
            return Item(
                id: Sanitizer.singleLine(article.id), title: text.title, source: text.source, url: text.url,
                publishedAt: article.isDated ? JSONOutput.iso8601(article.publishedOn) : nil, categories: text.categories, tags: text.tags,
                body: text.body, coins: coins.flatMap { index < $0.count ? $0[index].map(Sanitizer.singleLine) : nil },
                mark: marks.flatMap { index < $0.count ? $0[index] : nil }, why: why.flatMap { index < $0.count ? $0[index] : nil })
        }
        return try JSONOutput.encode(items)
    }

    /// The article's age ("2 hours ago"), or "date unknown" for a feed item whose date did not parse.
    private func age(_ article: NewsArticle) -> String {
        article.isDated ? relative.string(for: article.publishedOn) : Self.unknownDate
    }

    /// The publication time in UTC, or "date unknown".
    static func published(_ article: NewsArticle) -> String {
        article.isDated ? UTCDateFormatter.dateTime(article.publishedOn) : unknownDate
    }

    private static let unknownDate = "date unknown"
}
