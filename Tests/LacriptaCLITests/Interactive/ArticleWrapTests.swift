import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive article: wrapped once per width, long bodies cut")
struct ArticleWrapTests {
    typealias F = InteractiveFixtures

    /// A model showing `article`, opened from the news of C01.
    private func articleModel(_ article: NewsArticle) -> InteractiveModel {
        var model = F.model()
        model.press(.enter)
        _ = model.handle(.newsLoaded(symbol: "C01", .success(NewsFetch(articles: [article], fetchedAt: F.now))), at: F.now)
        model.press(.enter)
        return model
    }

    /// The article page on top, or a recorded issue.
    private func articlePage(_ model: InteractiveModel) -> ArticlePage? {
        guard case .article(let page) = model.page else {
            Issue.record("expected the article page, got \(model.page)")
            return nil
        }
        return page
    }

    /// An article whose body is `body`.
    private func article(body: String) -> NewsArticle {
        NewsArticle(
            id: "1", title: "A title", url: "https://example.com/1", body: body, publishedOn: F.now.addingTimeInterval(-60),
            source: "S", categories: [], tags: [])
    }

    @Test("opening an article wraps it at the window's article width")
    func wrapsOnOpen() throws {
        let model = articleModel(F.articles(1)[0])
        let page = try #require(articlePage(model))
        #expect(page.wrapped.width == model.layout.articleWidth)
        #expect(page.wrapped == WrappedArticle(page.article, width: model.layout.articleWidth))
    }

    /// Plants wrapped lines no wrapper would make: if any frame, key or height change wrapped the
    /// article again, the planted lines would be gone.
    @Test("frames, scrolling and height changes reuse the wrapped lines; a new width re-wraps")
    func reusesTheWrapUntilTheWidthChanges() throws {
        var model = articleModel(F.articles(1)[0])
        var page = try #require(articlePage(model))
        let planted = (1...40).map { StyledText("planted line \($0)") }
        page.wrapped = WrappedArticle(width: page.wrapped.width, text: page.wrapped.text, title: page.wrapped.title, body: planted)
        model.replaceTop(.article(page))

        #expect(model.plainFrame.contains(" planted line 1"))
        model.press(.down, .down, .character(" "), .pageDown)
        _ = model.handle(.tick, at: F.now.addingTimeInterval(30))
        _ = model.handle(.resize(TerminalSize(columns: 80, rows: 30)), at: F.now)
        #expect(try #require(articlePage(model)).wrapped.body == planted)
        #expect(model.plainFrame.contains { $0.hasPrefix(" planted line") })
        model.press(.character("G"))
        #expect(model.plainFrame.contains(" planted line 40"), "scrolling is bounded by the planted lines")

        _ = model.handle(.resize(TerminalSize(columns: 60, rows: 30)), at: F.now)
        let rewrapped = try #require(articlePage(model)).wrapped
        #expect(rewrapped.width == 60)
        #expect(rewrapped == WrappedArticle(page.article, width: 60))
        #expect(!model.plainFrame.contains { $0.contains("planted") })
    }

    @Test("a body over the limit is cut, ends in …, and says so")
    func capsTheBody() throws {
        let word = "lorem "
        let body = String(repeating: word, count: 2 * WrappedArticle.maximumBodyCharacters / word.count)
        let wrapped = WrappedArticle(article(body: body), width: 80)
        let bodyText = wrapped.body.map(\.plainText)
        let noteLines = TextWrapper(width: 80).wrap(WrappedArticle.truncationNote)
        #expect(Array(bodyText.suffix(noteLines.count)) == noteLines)
        let shown = bodyText.dropLast(noteLines.count + 1)
        #expect(bodyText[bodyText.count - noteLines.count - 1] == "")
        #expect(shown.last?.hasSuffix("…") == true)
        // Wrapping drops only the spaces between lines, so the shown text is the first 20,000
        // characters less those spaces.
        let shownCharacters = shown.reduce(0) { $0 + $1.count } - 1
        #expect(shownCharacters <= WrappedArticle.maximumBodyCharacters)
        #expect(shownCharacters >= WrappedArticle.maximumBodyCharacters - shown.count)

        let presenter = NewsPresenter(now: F.now, width: 80)
        #expect(presenter.detail(article(body: body)).last?.plainText == noteLines.last)
    }

    @Test("a body within the limit is whole and carries no note")
    func keepsShortBodies() {
        let body = String(repeating: "x", count: WrappedArticle.maximumBodyCharacters)
        let lines = WrappedArticle(article(body: body), width: 100).body.map(\.plainText)
        let whole = lines.joined() == body  // a Bool: a failure need not print 20,000 characters twice
        #expect(whole)
        #expect(!lines.contains { $0.contains("shortened") })
    }
}
