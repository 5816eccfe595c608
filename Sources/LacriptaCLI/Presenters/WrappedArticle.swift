import LacriptaCore
import LacriptaTerminal

/// An article cleaned and wrapped to one width: the costly part of showing it, done once.
///
/// Cleaning a body (HTML, entities, sanitising) and wrapping it are linear but not free, and the
/// interactive view draws many frames of one article (every key, every tick). So the article page
/// keeps one of these and `NewsPresenter.wrapped(_:reusing:)` makes a new one only when the wrap
/// width changes; the lines that depend on the clock ("2 hours ago") are cheap and drawn fresh.
///
/// The body is cut at `maximumBodyCharacters`, with a visible note, so one enormous article from
/// a feed costs no more than a long real one, however many times it is wrapped.
struct WrappedArticle: Sendable, Equatable {
    /// The width in cells the lines were wrapped to.
    let width: Int
    /// The cleaned text the lines were made from; re-wrapping starts from it, not from the HTML.
    let text: ArticleText
    /// The title's lines, bold.
    let title: [StyledText]
    /// The body's lines, ending with the truncation note when the body was cut.
    let body: [StyledText]

    /// The most characters of a body shown. Real articles are a few thousand characters; this
    /// keeps them whole and bounds what a hostile one can cost to wrap and draw.
    static let maximumBodyCharacters = 20_000

    /// The last line of a body that was cut.
    static let truncationNote = "(article shortened here: it is longer than lacripta shows; read the rest at its URL)"
}

extension WrappedArticle {
    /// `article` cleaned and wrapped to `width` cells.
    init(_ article: NewsArticle, width: Int) {
        self.init(text: ArticleText(article), width: width)
    }

    /// `text` wrapped to `width` cells.
    init(text: ArticleText, width: Int) {
        let wrapper = TextWrapper(width: width)
        var body = text.body
        var truncated = false
        // Offset by characters within the limit only, so a huge body is never walked in full here.
        if let end = body.index(body.startIndex, offsetBy: Self.maximumBodyCharacters, limitedBy: body.endIndex),
            end < body.endIndex
        {
            body = String(body[..<end]) + "…"
            truncated = true
        }
        var bodyLines = wrapper.wrap(body).map { StyledText($0) }
        if truncated {
            bodyLines.append(StyledText(""))
            bodyLines += wrapper.wrap(Self.truncationNote).map { StyledText($0, style: .secondary) }
        }
        self.init(
            width: width, text: text, title: wrapper.wrap(text.title).map { StyledText($0, style: .bold) }, body: bodyLines)
    }
}
