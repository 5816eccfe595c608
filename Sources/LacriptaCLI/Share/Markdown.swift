/// Markdown for shared documents, written so that nothing from a feed becomes Markdown structure.
///
/// Titles, sources and bodies come from news feeds, and a shared file is opened in viewers that
/// render links, headings and HTML. So every character that Markdown (CommonMark, plus GitHub's
/// tables and strikethrough) gives a meaning anywhere in a line is backslash-escaped, and so is
/// whatever would start a block at the beginning of a line (a list item, a quote, a heading
/// underline). Links are made only to http and https URLs: `javascript:`, `data:`, `vbscript:`,
/// `file:` and every other scheme are written as inert text, said to be unlinked, because a
/// viewer would open or run them on a click.
enum Markdown {
    /// Escaped wherever they appear: emphasis, code, links and images, raw HTML and autolinks,
    /// headings, tables, strikethrough, entity references, and the backslash itself.
    private static let inlineSpecials: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "&"]

    /// Escaped as the first character of a line only, where they start a list item or a setext
    /// heading underline (elsewhere they are plain text).
    private static let lineStartSpecials: Set<Character> = ["-", "+", "="]

    /// `text` as literal inline Markdown (for one line: titles, sources, link text).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if inlineSpecials.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// `text` (lines separated by `\n`) as literal Markdown paragraphs: each line escaped inline,
    /// its leading spaces dropped (four would make a code block), and a list or heading marker at
    /// its start escaped ("1. " → "1\. ", "- " → "\- ", "===" → "\===").
    static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line(String($0.drop { $0 == " " })) }
            .joined(separator: "\n")
    }

    /// One body line, escaped inline and at its start.
    private static func line(_ text: String) -> String {
        if let first = text.first, lineStartSpecials.contains(first) { return "\\" + escaped(text) }
        // An ordered list item: up to nine digits, then "." or ")".
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9 {
            let rest = text.dropFirst(digits.count)
            if let marker = rest.first, marker == "." || marker == ")" {
                return String(digits) + "\\" + escaped(String(rest))
            }
        }
        return escaped(text)
    }

    /// `url` made safe as a link destination if it is an http or https URL (the scheme in any
    /// case), else `nil`. Characters that are not allowed in a URL or that would end the
    /// destination (spaces, parentheses, angle brackets, quotes, non-ASCII) are percent-encoded.
    static func webURL(_ url: String) -> String? {
        let lower = url.lowercased()
        let schemeLength = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        // The scheme must be the very first thing, and a host must follow it.
        guard schemeLength > 0, url.utf8.count > schemeLength else { return nil }
        var out = String.UnicodeScalarView()
        for byte in url.utf8 {
            if allowedInDestination(byte) {
                out.append(Unicode.Scalar(byte))
            } else {
                out.append("%")
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(out)
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    /// `[text](url)` for a web URL; for any other URL the escaped text and a note instead.
    static func link(_ text: String, to url: String) -> String {
        guard let destination = webURL(url) else { return escaped(text) + " " + unlinkedNote }
        return "[\(escaped(text))](\(destination))"
    }

    /// `<url>` (an autolink) for a web URL; for any other URL its escaped text and a note.
    static func autolink(_ url: String) -> String {
        guard let destination = webURL(url) else { return escaped(url) + " " + unlinkedNote }
        return "<\(destination)>"
    }

    /// Says why a URL was left as text.
    static let unlinkedNote = "(not linked: only http and https addresses are)"

    /// RFC 3986 unreserved and reserved characters and "%", less the parentheses, which would
    /// end an inline link's destination.
    private static func allowedInDestination(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:/?#[]@!$&'*+,;=%".utf8.contains(byte)
        }
    }
}
