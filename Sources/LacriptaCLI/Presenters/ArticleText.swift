import LacriptaCore
import LacriptaTerminal

/// An article's text made safe and readable: HTML entities decoded, tags stripped, control and
/// bidi characters removed. Every presenter and every shared file goes through this, so hostile
/// text from a news feed never reaches a terminal or a file with its escapes intact.
struct ArticleText: Sendable, Equatable {
    /// One-line title.
    let title: String
    /// Body paragraphs, newlines kept.
    let body: String
    /// One-line source name.
    let source: String
    /// The URL, one line.
    let url: String
    /// Category names.
    let categories: [String]
    /// Tags.
    let tags: [String]

    /// Cleans `article`.
    init(_ article: NewsArticle) {
        title = Self.line(article.title)
        // Sanitising can drop a control between two spaces or lines, so tidy the whitespace again.
        body = HTMLText.normalizeWhitespace(Sanitizer.sanitize(HTMLText.plainText(fromHTML: article.body), keepNewlines: true))
        source = Self.line(article.source)
        // URLs carry `&#038;` in the wild; decode entities but never strip anything else from them.
        url = Self.line(article.url)
        categories = article.categories.map(Self.line).filter { !$0.isEmpty }
        tags = article.tags.map(Self.line).filter { !$0.isEmpty }
    }

    private static func line(_ text: String) -> String {
        Sanitizer.singleLine(HTMLEntities.decode(text))
    }
}
