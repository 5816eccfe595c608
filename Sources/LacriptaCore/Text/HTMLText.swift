/// Turns the lightly marked-up bodies news feeds send into plain text.
///
/// This is not an HTML parser: it handles what feeds really contain (`<p>`, `<br>`, lists,
/// links, the odd `<script>`), keeps the line breaks of the source (feeds mix plain text and
/// markup, so a bare newline usually means one), and leaves anything that is not clearly a tag
/// (`a < b`, an unclosed `<`) as text.
///
/// It lives in Core, not in the terminal layer, because Core needs the words of an article (coin
/// matching must not find "ethereum" in an `href`). It does not make text terminal-safe: the
/// output can still hold escapes and controls (decoded from `&#27;` or sent raw), so the terminal
/// layer's `Sanitizer` runs on it before display.
public enum HTMLText {
    /// The text of a body: tags stripped, entities decoded, whitespace tidied (spaces and tabs
    /// collapsed, lines trimmed, at most one blank line in a row, none at either end).
    public static func plainText(fromHTML html: String) -> String {
        normalizeWhitespace(HTMLEntities.decode(stripTags(html)))
    }

    /// `html` without tags and comments; `<script>`/`<style>` lose their content too. Block tags
    /// become line breaks (`<br>` one, `<p>`, `<div>`, headings and the like a blank line), `<li>`
    /// starts a "• " line and table cells are separated by a space. Entities are not decoded.
    public static func stripTags(_ html: String) -> String {
        guard html.contains("<") else { return html }
        var output = ""
        var rest = Substring(html)
        // Once a comment is found never to close, no later "<!--" can close either: remembering
        // that keeps a body of a thousand unclosed comments linear instead of quadratic.
        var commentsClose = true
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            guard let tag = Tag.parse(rest[open...], commentsClose: commentsClose) else {
                if rest[open...].hasPrefix("<!--") { commentsClose = false }
                output += "<"
                rest = rest[rest.index(after: open)...]
                continue
            }
            output += tag.replacement
            rest = rest[tag.end...]
            if tag.hidesContent {
                // An element like <script> that never closes hides the rest, as in a browser; and
                // the search for its end happens once, not once per unclosed tag.
                rest = endOfClosingTag(named: tag.name, in: rest).map { rest[$0...] } ?? rest[rest.endIndex...]
            }
        }
        output += rest
        return output
    }

    /// Collapses runs of spaces and tabs, trims each line and keeps at most one blank line between
    /// lines; `\r\n` and a lone `\r` count as line breaks (feeds from Windows CMSes send both).
    public static func normalizeWhitespace(_ text: String) -> String {
        var lines: [String] = []
        // "\r\n" is one Character in Swift, so it is matched as such, not as two separators.
        let breaks: Set<Character> = ["\n", "\r", "\r\n"]
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: breaks.contains) {
            let line = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Index just past `</name …>`, searching case-insensitively; `nil` if it never closes.
    private static func endOfClosingTag(named name: String, in text: Substring) -> Substring.Index? {
        var rest = text
        while let open = rest.firstIndex(of: "<") {
            if let tag = Tag.parse(rest[open...]), tag.isClosing, tag.name == name { return tag.end }
            rest = rest[rest.index(after: open)...]
        }
        return nil
    }
}

/// One tag (or comment / doctype) found at a "<".
private struct Tag {
    /// Lowercased element name; empty for comments and `<!…>`/`<?…>`.
    var name: String
    var isClosing: Bool
    /// Index just past the closing ">".
    var end: Substring.Index

    /// Elements whose text is never meant to be read.
    private static let hiddenElements: Set<String> = ["script", "style", "head", "title", "noscript"]
    /// Elements that start a new paragraph.
    private static let paragraphElements: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "table", "pre",
        "section", "article", "header", "footer", "figure", "hr",
    ]

    /// Whether the content up to the matching closing tag is dropped as well.
    var hidesContent: Bool { !isClosing && Self.hiddenElements.contains(name) }

    /// What the tag turns into in plain text.
    var replacement: String {
        switch name {
        case "br": "\n"
        case "li": isClosing ? "" : "\n• "
        case "tr": "\n"
        case "td", "th": isClosing ? "" : " "
        case _ where Self.paragraphElements.contains(name): "\n\n"
        default: ""
        }
    }

    /// The longest quoted attribute value read as part of a tag. Real ones are short; the bound
    /// keeps a body of unclosed quotes linear.
    static let maxQuotedLength = 1024

    /// Reads the tag at the start of `text` (which begins with "<"), or `nil` if it is not one.
    /// With `commentsClose` false, a comment is known not to close and is not searched for.
    static func parse(_ text: Substring, commentsClose: Bool = true) -> Tag? {
        let body = text.dropFirst()
        if body.hasPrefix("!--") {
            guard commentsClose, let close = body.firstRange(of: "-->") else { return nil }
            return Tag(name: "", isClosing: false, end: close.upperBound)
        }
        guard let first = body.first else { return nil }
        let isClosing = first == "/"
        let afterSlash = isClosing ? body.dropFirst() : body
        guard let lead = afterSlash.first,
            (lead.isASCII && lead.isLetter) || (!isClosing && (lead == "!" || lead == "?"))
        else { return nil }
        let name = afterSlash.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
        guard let end = endOfTag(afterSlash) else { return nil }
        return Tag(name: name, isClosing: isClosing, end: end)
    }

    /// Index just past the ">" that ends the tag, skipping ">" inside quoted attribute values.
    /// A quote only opens a value right after "=", so `<a title=don't>` still ends at its ">".
    ///
    /// An unquoted "<" means this was not a tag: the scan stops there, so each character is
    /// looked at from at most two "<" and stripping stays linear however many "<" never close.
    private static func endOfTag(_ text: Substring) -> Substring.Index? {
        var quote: Character?
        var quoted = 0
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
                quoted += 1
                if quoted > maxQuotedLength { return nil }
            } else if (character == "\"" || character == "'") && previous == "=" {
                quote = character
                quoted = 0
            } else if character == ">" {
                return text.index(after: index)
            } else if character == "<" {
                return nil
            }
            if !character.isWhitespace { previous = character }
            index = text.index(after: index)
        }
        return nil
    }
}
