import Foundation
import LacriptaCore
import Testing

@testable import LacriptaCLI

@Suite("Shared Markdown: only web links, feed text never becomes structure")
struct MarkdownShareTests {
    private let presenter = NewsPresenter(now: Date(timeIntervalSince1970: 0), width: 80)

    private func article(url: String = "https://example.com/a", title: String = "T", body: String = "b") -> NewsArticle {
        NewsArticle(
            id: "1", title: title, url: url, body: body, publishedOn: Date(timeIntervalSince1970: 0), source: "S",
            categories: [], tags: [])
    }

    /// URLs a viewer would open or run on a click, in the spellings that slip past naive checks.
    static let hostileURLs = [
        "javascript:alert(1)", "JaVaScRiPt:alert(document.cookie)", "  javascript:alert(1)", "\u{01}javascript:alert(1)",
        "\u{1B}[0mjavascript:alert(1)", "jav&#x09;ascript:alert(1)", "java\u{0}script:alert(1)", "&#106;avascript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "DATA:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)", "file:///etc/passwd", "ftp://x.example/", "//evil.example/x", "https:evil.example", "https://",
        "javascript:alert(1)//https://example.com", "",
    ]

    @Test("a URL that is not http(s) is never a link, in the list or the article", arguments: hostileURLs)
    func hostileURLsAreNotLinked(url: String) {
        let list = presenter.document([article(url: url)], title: "News", format: .markdown)
        let single = presenter.document(article(url: url), format: .markdown)
        #expect(linkDestinations(in: list) == [])
        #expect(linkDestinations(in: single) == [])
        #expect(list.contains("1. T \(Markdown.unlinkedNote) — S"))
        #expect(single.contains("- URL: ") && single.contains(Markdown.unlinkedNote))
    }

    @Test("http and https URLs, in any case, are links with unsafe characters encoded")
    func webURLsAreLinked() {
        let url = "HTTPS://example.com/a b(c)<d>\"e\"é"
        let encoded = "HTTPS://example.com/a%20b%28c%29%3Cd%3E%22e%22%C3%A9"
        #expect(linkDestinations(in: presenter.document([article(url: url)], title: "News", format: .markdown)) == [encoded])
        #expect(linkDestinations(in: presenter.document(article(url: url), format: .markdown)) == [encoded])
        #expect(
            linkDestinations(in: presenter.document(article(url: "http://x.example/?a=1&b=2"), format: .markdown)) == ["http://x.example/?a=1&b=2"])
    }

    /// Every construct a body line could start or hold; the HTML entities decode to the literal
    /// characters before the Markdown is written.
    static let hostileBody = [
        "# Heading", "## Sub #", "> quoted", "- item", "+ item", "* item", "1. first", "2) second", "123456789. long",
        "```swift", "~~~", "    indented code", "[click](javascript:alert(1))", "![img](https://e.example/x.png)",
        "*bold* and _it_ and **b** and ~~s~~", "| a | b |", "---", "===", "___", "&lt;img src=x onerror=alert(1)&gt;",
        "&lt;javascript:alert(1)&gt;", "&amp;lt;b&amp;gt; and AT&amp;T", "a \\ backslash", "`code`", "[ref]: https://e.example",
        "Setext under", "-----", "plain text stays (mostly) as it was.",
    ]

    @Test("body lines are escaped like titles: no heading, list, quote, code, link, emphasis or HTML")
    func bodiesAreEscaped() throws {
        let raw = article(body: Self.hostileBody.joined(separator: "\n"))
        let expected = ArticleText(raw).body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(expected.count == Self.hostileBody.count)
        let document = presenter.document(raw, format: .markdown)
        #expect(linkDestinations(in: document) == ["https://example.com/a"], "the article's own URL only")
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let body = Array(lines.suffix(expected.count))
        #expect(lines[lines.count - expected.count - 1] == "", "a blank line separates the body from the fields")
        for (line, original) in zip(body, expected) {
            #expect(!startsBlock(line), "\(line)")
            #expect(unescapedSpecials(in: line).isEmpty, "\(line)")
            #expect(unescaped(line) == original.drop { $0 == " " }, "the text itself is kept")
        }
    }

    @Test("titles, sources, categories and tags stay escaped")
    func titlesAreEscaped() {
        let raw = NewsArticle(
            id: "1", title: "# [x](javascript:alert(1)) *now*", url: "https://e.example/", body: "b",
            publishedOn: Date(timeIntervalSince1970: 0), source: "<b>S</b>", categories: ["_C_"], tags: ["`t`"])
        let document = presenter.document(raw, format: .markdown)
        #expect(document.hasPrefix("# \\# \\[x\\](javascript:alert(1)) \\*now\\*\n"))
        #expect(linkDestinations(in: document) == ["https://e.example/"])
        for line in document.split(separator: "\n") where line.hasPrefix("- ") && !line.hasPrefix("- URL: ") {
            #expect(unescapedSpecials(in: String(line)).isEmpty, "\(line)")
        }
    }
}

/// The destinations of inline links `[…](…)` and autolinks `<scheme:…>` a CommonMark renderer
/// would make from `markdown`, skipping backslash-escaped brackets.
private func linkDestinations(in markdown: String) -> [String] {
    let characters = Array(markdown)
    var destinations: [String] = []
    var index = 0
    while index < characters.count {
        let character = characters[index]
        if character == "\\" {
            index += 2
            continue
        }
        if character == "]", index + 1 < characters.count, characters[index + 1] == "(" {
            let end = characters[(index + 2)...].firstIndex(of: ")") ?? characters.count
            destinations.append(String(characters[(index + 2)..<end]))
            index = end
        } else if character == "<" {
            let end = characters[(index + 1)...].firstIndex { $0 == ">" || $0 == "\n" } ?? characters.count
            let content = String(characters[(index + 1)..<end])
            if end < characters.count, characters[end] == ">", content.contains(":") { destinations.append(content) }
        }
        index += 1
    }
    return destinations
}

/// Whether `line` would start a Markdown block other than a paragraph.
private func startsBlock(_ line: String) -> Bool {
    if line.hasPrefix("    ") { return true }
    let trimmed = line.drop { $0 == " " }
    guard let first = trimmed.first else { return false }
    if "#>-+*=`~|_<".contains(first) { return true }
    let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
    let after = trimmed.dropFirst(digits.count).first
    return !digits.isEmpty && (after == "." || after == ")")
}

/// Markdown's special characters in `line` that no backslash escapes.
private func unescapedSpecials(in line: String) -> [Character] {
    var found: [Character] = []
    var escaped = false
    for character in line {
        if escaped {
            escaped = false
        } else if character == "\\" {
            escaped = true
        } else if "*_[]<>#|`~&".contains(character) {
            found.append(character)
        }
    }
    return found
}

/// `line` as a renderer shows it: a backslash before ASCII punctuation is dropped.
private func unescaped(_ line: String) -> String {
    var out = ""
    var escaped = false
    for character in line {
        if !escaped, character == "\\" {
            escaped = true
            continue
        }
        if escaped, !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) { out.append("\\") }
        escaped = false
        out.append(character)
    }
    return out
}
