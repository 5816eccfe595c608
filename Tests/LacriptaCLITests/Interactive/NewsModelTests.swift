import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive news and articles: open, order, scroll, share, back")
struct NewsModelTests {
    typealias F = InteractiveFixtures

    /// A model showing the news of C02 with `count` articles loaded.
    private func newsModel(articles count: Int = 15) -> InteractiveModel {
        var model = F.model()
        model.press(.down)
        _ = model.press(.enter)
        let fetch = NewsFetch(articles: F.articles(count), fetchedAt: F.now)
        _ = model.handle(.newsLoaded(symbol: "C02", .success(fetch)), at: F.now)
        return model
    }

    @Test("Enter on a coin opens its news and asks for it; Esc and Backspace go back")
    func opensNews() {
        var model = F.model()
        model.press(.down)
        #expect(model.press(.enter) == [.fetchNews(symbol: "C02")])
        guard case .news(let news) = model.page else {
            Issue.record("expected the news page")
            return
        }
        #expect(news.symbol == "C02" && news.loading)
        #expect(model.plainFrame[2].contains("Loading news for C02…"))
        model.press(.escape)
        #expect(model.page == .toplist && model.selectedCoin?.symbol == "C02")
        model.press(.enter)
        model.press(.backspace)
        #expect(model.page == .toplist)
        model.press(.escape)
        #expect(model.page == .toplist, "Esc on the toplist never pops it")
    }

    @Test("the list shows titles with relative dates, ten articles to a window, and moves")
    func listsNews() {
        var model = newsModel()
        let frame = model.plainFrame
        #expect(frame[0].contains("news · C02 (Coin 2) · latest first") && frame[0].contains("1 of 15"))
        #expect(frame[1] == "1.  Headline number 1")
        #expect(frame[2] == "    Source 1 · 1 hour ago")
        #expect(frame[3] == "2.  Headline number 2")
        model.press(.pageDown)
        guard case .news(let news) = model.page else { return }
        #expect(news.cursor.selected == 9)
        model.press(.character("G"))
        #expect(model.plainFrame[0].contains("15 of 15"))
        #expect(model.plainFrame[19].contains("Headline number 15"))
    }

    @Test("o cycles latest → oldest → random (reproducible per seed) → latest")
    func order() {
        var model = newsModel(articles: 5)
        model.press(.character("o"))
        #expect(model.plainFrame[0].contains("oldest first"))
        #expect(model.plainFrame[1] == "1. Headline number 5")
        model.press(.character("o"))
        #expect(model.plainFrame[0].contains("random order"))
        let shuffled = model.plainFrame
        #expect(model.plainFrame == shuffled, "the same shuffle on every redraw")
        let titles: [String] = (0..<5).map { index in shuffled[1 + 2 * index] }
        #expect(Set(titles).count == 5)
        model.press(.character("o"))
        #expect(model.plainFrame[1] == "1. Headline number 1")
    }

    @Test("news for a coin without a category says it shows everybody's news")
    func generalNews() {
        var model = F.model()
        _ = model.press(.enter)
        let fetch = NewsFetch(articles: F.articles(2), fetchedAt: F.now, isGeneralNews: true)
        _ = model.handle(.newsLoaded(symbol: "C01", .success(fetch)), at: F.now)
        #expect(model.plainFrame[0].contains("all coins (no C01 news)"))
    }

    @Test("a failed news request is shown, and r asks again")
    func newsFailure() {
        var model = F.model()
        _ = model.press(.enter)
        _ = model.handle(.newsLoaded(symbol: "C01", .failure(.rateLimited(.init()))), at: F.now)
        #expect(model.plainFrame[22].contains("⚠"))
        #expect(model.press(.character("r")) == [.fetchNews(symbol: "C01")])
    }

    @Test("Enter opens the article: title, source, dates, URL and the wrapped body, scrollable")
    func article() {
        var model = newsModel()
        model.press(.down, .enter)
        let frame = model.plainFrame
        #expect(frame[0].contains("C02 news · article 2 of 15"))
        #expect(frame[1] == " Headline number 2")
        #expect(frame.contains(" Source:     Source 2"))
        #expect(frame.contains { $0.hasPrefix(" Published:  2024-03-20 10:00 UTC (2 hours ago)") })
        #expect(frame.contains(" URL:        https://example.com/2"))
        #expect(frame.allSatisfy { $0.count <= 80 })
        #expect(frame[0].contains("lines 1–21 of"))
        model.press(.down, .down)
        #expect(model.plainFrame[0].contains("lines 3–23 of"))
        model.press(.character("G"))
        let bottom = model.plainFrame
        #expect(bottom[21].hasSuffix("follow here."), "the last line sits at the bottom of the window")
        let total = NewsPresenter(now: F.now, width: 80).detail(F.articles(2)[1]).count
        #expect(bottom[0].hasSuffix("lines \(total - 20)–\(total) of \(total)"))
        model.press(.character("g"))
        #expect(model.plainFrame[1] == " Headline number 2")
        model.press(.escape)
        guard case .news = model.page else {
            Issue.record("Esc should go back to the news list")
            return
        }
    }

    @Test("s proposes ~/lacripta-<coin>-<slug>.md; Enter shares; the result is confirmed")
    func share() throws {
        var model = newsModel()
        model.press(.enter)
        model.press(.character("s"))
        #expect(model.isEditingText)
        #expect(model.plainFrame[23].contains("Share to: ~/lacripta-c02-headline-number-1.md"))
        // Replace the proposal with a path of our own, then share.
        model.press(.control("u"))
        model.type("/tmp/x/a.md")
        let effects = model.press(.enter)
        let article = try #require(F.articles(1).first)
        #expect(effects == [.share(article: article, coin: "C02", path: "/tmp/x/a.md")])
        #expect(model.plainFrame[22].contains("Sharing…"))
        #expect(model.press(.character("z")).isEmpty, "keys wait while the file is written")
        _ = model.handle(.shareFinished(.success("/tmp/x/a.md")), at: F.now)
        #expect(!model.isEditingText)
        #expect(model.plainFrame[22].contains("✓ Shared to /tmp/x/a.md"))
    }

    @Test("a refused share keeps the prompt open with the reason; Esc closes it")
    func shareRefused() {
        var model = newsModel()
        model.press(.enter, .character("s"), .enter)
        _ = model.handle(.shareFinished(.failure(ShareFailure(message: "/home/a/x.md already exists; choose another name"))), at: F.now)
        #expect(model.isEditingText)
        #expect(model.plainFrame[22].contains("⚠ /home/a/x.md already exists; choose another name"))
        model.press(.escape)
        #expect(!model.isEditingText)
        #expect(model.press(.control("u")).isEmpty)
        model.press(.escape)
        guard case .news = model.page else {
            Issue.record("the second Esc goes back to the list")
            return
        }
    }

    @Test("an empty share path is not written")
    func emptyPath() {
        var model = newsModel()
        model.press(.enter, .character("s"), .control("u"))
        #expect(model.press(.enter).isEmpty)
        #expect(model.plainFrame[22].contains("type a file name"))
    }

    @Test("share file names: lower-case words joined by dashes, cut at a word, never hidden")
    func slugs() {
        #expect(InteractiveModel.slug("Bitcoin Hits $70,000: What's Next?", limit: 48) == "bitcoin-hits-70-000-what-s-next")
        #expect(InteractiveModel.slug("..hidden", limit: 48) == "hidden")
        #expect(InteractiveModel.slug("Ünïcödé ☃ only", limit: 48) == "n-c-d-only")
        #expect(InteractiveModel.slug("one two three", limit: 9) == "one-two")
        #expect(InteractiveModel.slug("supercalifragilistic", limit: 5) == "super")
        #expect(InteractiveModel.slug("\u{1B}[31mred", limit: 48) == "31mred")
    }
}
