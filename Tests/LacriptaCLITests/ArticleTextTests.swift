import Foundation
import LacriptaCore
import Testing

@testable import LacriptaCLI

/// The display pipeline for article text: Core's HTML-to-text, then the terminal layer's Sanitizer.
@Suite("Article text")
struct ArticleTextTests {
    private func article(title: String = "T", body: String) -> NewsArticle {
        NewsArticle(
            id: "1", title: title, url: "https://example.test/a", body: body, publishedOn: Date(timeIntervalSince1970: 0),
            source: "S", categories: [], tags: [])
    }

    @Test("hostile markup ends up safe: escapes decoded from entities and raw ones are both removed")
    func hostileMarkupEndsUpSafe() {
        let html = "<p>\u{1B}]0;owned\u{07}Title&#27;[2J</p><div>\u{202E}gnp.exe</div>"
        #expect(ArticleText(article(body: html)).body == "Title\n\ngnp.exe")
    }

    @Test("a control dropped between spaces leaves one space, not two")
    func sanitisingThenTidying() {
        #expect(ArticleText(article(body: "<p>a \u{07} b</p>\n\n\u{1B}[0m\n\nc")).body == "a b\n\nc")
    }

    @Test("titles are decoded and put on one line")
    func titles() {
        #expect(ArticleText(article(title: "It&#8217;s\n\tup &#x27;25", body: "")).title == "It’s up '25")
    }
}
