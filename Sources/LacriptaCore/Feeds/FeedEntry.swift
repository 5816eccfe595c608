import Foundation

/// The fields of one RSS `<item>` or Atom `<entry>` as the parser found them, before they become a
/// `NewsArticle`.
///
/// Text is XML-decoded (entities and CDATA resolved once) but otherwise raw.
struct FeedEntry {
    var title = ""
    /// RSS `<link>` text.
    var link = ""
    /// Atom `<link href>`s with their `rel`, in document order.
    var atomLinks: [(rel: String, href: String)] = []
    var guid = ""
    /// RSS `guid@isPermaLink`, nil when absent (RSS says absent means true).
    var guidIsPermaLink: Bool?
    /// RSS `description` or Atom `summary`.
    var summary = ""
    /// RSS `content:encoded` or Atom `content`.
    var content = ""
    /// RSS `pubDate` or Atom `published`.
    var published = ""
    /// RSS `dc:date`.
    var dcDate = ""
    /// Atom `updated` (or `atom:updated` inside RSS).
    var updated = ""
    /// Category names with their RSS `domain` (empty for none and for Atom).
    var categories: [(domain: String, name: String)] = []
    /// `dc:creator`, RSS `author` or Atom `author/name`.
    var author = ""
    /// RSS `<source>`: the publisher of an aggregated item (Google News).
    var source = ""

    /// The article this entry stands for, or nil when it has neither a title nor a usable link.
    ///
    /// - The link is the guid when `isPermaLink="true"` says it is the canonical address
    ///   (Cointelegraph's clean URL), else `<link>` (Atom: the `alternate` one), else a guid that
    ///   is permalink by default; relative links resolve against the feed; anything but http(s)
    ///   (`javascript:`, `file:`) is dropped, and tracking parameters (`utm_*`) are removed.
    /// - The id is the guid, else the link, else the title.
    /// - The body is the summary (RSS `description`, Atom `summary`), else the full content;
    ///   raw HTML, for the presenter to convert.
    /// - The date is `pubDate`/`published`, else `dc:date`, else `updated`; with none readable
    ///   it is `NewsArticle.undated`, so the article is kept and sorts last.
    /// - `category domain="tag"` (CoinDesk) become tags, the other categories categories.
    /// - The source is the item's `<source>` when it has one (Google News names the publisher
    ///   there and repeats it as a " - Publisher" title suffix, which is cut), else the outlet.
    /// - An author written "Outlet by Name" (Cointelegraph) is just "Name".
    func article(from outlet: FeedOutlet) -> NewsArticle? {
        let source = Self.trimmed(self.source).isEmpty ? outlet.name : Self.trimmed(self.source)
        // One line with single spaces: CDATA titles end in a space (CoinDesk) or wrap (The Block).
        var title = Self.singleSpaced(self.title)
        if source != outlet.name, title.hasSuffix(" - \(source)") {
            title = String(title.dropLast(source.count + 3))
        }
        let url = resolvedLink(base: outlet.url)
        guard !title.isEmpty || url != nil else { return nil }
        let guid = Self.trimmed(self.guid)
        let summary = Self.trimmed(self.summary)
        var tags: [String] = []
        var categories: [String] = []
        for category in self.categories {
            let name = Self.trimmed(category.name)
            guard !name.isEmpty else { continue }
            if category.domain == "tag" {
                if !tags.contains(name) { tags.append(name) }
            } else if !categories.contains(name) {
                categories.append(name)
            }
        }
        return NewsArticle(
            id: guid.isEmpty ? (url ?? title) : guid,
            title: title,
            url: url ?? "",
            body: summary.isEmpty ? Self.trimmed(content) : summary,
            publishedOn: publicationDate ?? NewsArticle.undated,
            source: source,
            categories: categories,
            tags: tags,
            author: author(outlet: outlet)
        )
    }

    /// The first readable of the date fields, in order of preference.
    private var publicationDate: Date? {
        for field in [published, dcDate, updated] {
            let text = Self.trimmed(field)
            if !text.isEmpty, let date = InternetDate.parse(text) { return date }
        }
        return nil
    }

    /// The article's address, or nil when there is no safe one.
    private func resolvedLink(base: URL) -> String? {
        let guid = Self.trimmed(self.guid)
        let atomLink = atomLinks.first { $0.rel.isEmpty || $0.rel == "alternate" }?.href ?? ""
        var candidates: [String] = []
        if guidIsPermaLink == true { candidates.append(guid) }
        candidates += [Self.trimmed(link), Self.trimmed(atomLink)]
        if guidIsPermaLink == nil { candidates.append(guid) }
        for candidate in candidates where !candidate.isEmpty {
            if let url = ArticleLink.web(candidate, relativeTo: base) { return ArticleLink.removingTracking(url) }
        }
        return nil
    }

    private func author(outlet: FeedOutlet) -> String? {
        var name = Self.trimmed(author)
        let prefix = "\(outlet.name) by "
        if name.lowercased().hasPrefix(prefix.lowercased()) { name = Self.trimmed(String(name.dropFirst(prefix.count))) }
        return name.isEmpty ? nil : name
    }

    /// `text` on one line with single spaces. A title that already is (no tab, newline, double
    /// or edge space: nearly all) is returned as it is, without splitting it into words.
    private static func singleSpaced(_ text: String) -> String {
        var previousWasSpace = true
        var clean = true
        for byte in text.utf8 {
            let isSpace = byte == 0x20
            if (isSpace && previousWasSpace) || byte < 0x20 || byte >= 0x80 {
                clean = false
                break
            }
            previousWasSpace = isSpace
        }
        if clean && !previousWasSpace { return text }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func trimmed(_ text: String) -> String {
        // Swift's own scan: `trimmingCharacters(in:)` goes through NSString on Linux, and was a
        // tenth of the time to read a large feed. Most fields start and end with a visible ASCII
        // byte, which is checked without the Unicode tables.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return text
        }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return first == text.startIndex && last == text.index(before: text.endIndex) ? text : String(text[first...last])
    }
}
