import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The news screen with the archive's marks: unread marks and the new count, save, read toggle,
/// the all/unread/saved lists, rating in the article view; every change asked of the archive.
@Suite("Interactive news marks")
struct NewsMarksModelTests {
    typealias F = InteractiveFixtures

    /// Marks for `articles`: the first two new, the third read.
    private static func marks(_ articles: [NewsArticle]) -> [ArchivedArticle?] {
        articles.enumerated().map { index, article in
            ArchivedArticle(
                ref: "k00\(index)", article: article, source: "feeds", coins: [], firstSeen: F.now, readAt: index == 2 ? F.now : nil,
                savedAt: nil, rating: nil, isNew: index < 2)
        }
    }

    private func model() -> InteractiveModel {
        var model = F.model()
        model.press(.down)
        _ = model.press(.enter)
        let articles = F.articles(5)
        let fetch = NewsFetch(articles: articles, fetchedAt: F.now, marks: Self.marks(articles))
        _ = model.handle(.newsLoaded(symbol: "C02", .success(fetch)), at: F.now)
        return model
    }

    @Test("unread titles are marked, short ids shown, the title bar counts what is new")
    func marksShown() {
        let model = model()
        let frame = model.plainFrame
        #expect(frame[0].contains("2 new"))
        #expect(frame[1].hasPrefix("1. • Headline number 1"))
        #expect(frame[2].contains("k000 · new · Source 1"))
        #expect(frame[5].hasPrefix("3.   Headline number 3"))
    }

    @Test("b saves, m toggles read, u lists unread then saved then all; each change goes to the archive")
    func keys() {
        var model = model()
        #expect(model.press(.character("b")) == [.markArticle(ref: "k000", mark: .saved(true))])
        #expect(model.plainFrame[2].contains("saved"))
        model.press(.down)
        #expect(model.press(.character("m")) == [.markArticle(ref: "k001", mark: .read(true))])
        model.press(.character("u"))
        #expect(model.plainFrame[0].contains("unread only"))
        #expect(model.plainFrame.filter { $0.contains("Headline number") }.count == 3)
        model.press(.character("u"))
        #expect(model.plainFrame[0].contains("saved only"))
        #expect(model.plainFrame.filter { $0.contains("Headline number") }.count == 1)
        model.press(.character("u"))
        #expect(model.plainFrame.filter { $0.contains("Headline number") }.count == 5)
    }

    @Test("Enter reads the article; in it 1-5 rate and b saves, the list following")
    func articleMarks() {
        var model = model()
        #expect(model.press(.enter) == [.markArticle(ref: "k000", mark: .read(true))])
        #expect(model.plainFrame.contains { $0.contains("Archive:") && $0.contains("k000 · read · not rated") })
        #expect(model.press(.character("4")) == [.markArticle(ref: "k000", mark: .rating(4))])
        #expect(model.plainFrame.contains { $0.contains("rated 4/5") })
        #expect(model.press(.character("b")) == [.markArticle(ref: "k000", mark: .saved(true))])
        model.press(.escape)
        #expect(model.plainFrame[2].contains("saved · ★4"))
        #expect(model.plainFrame[1].hasPrefix("1.   Headline number 1"))
    }
}
