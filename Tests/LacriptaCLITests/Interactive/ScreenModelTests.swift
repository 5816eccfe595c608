import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// Each screen's own model, alone: a key goes through the keymap to an action for that screen,
/// the screen's value takes it, and what it asks of the view comes back as commands. No
/// `InteractiveModel`, no other screen.
@Suite("Screen models: the keymap in front of each screen")
struct ScreenModelTests {
    typealias F = InteractiveFixtures

    /// The action `key` stands for on `screen` with the default keys.
    private func action(_ key: Key, on screen: Keymap.Screen) throws -> ViewAction {
        let name = try #require(KeyName(key))
        return try #require(Keymap.standard.action(for: name, on: screen), "\(key) does nothing on \(screen)")
    }

    private var context: ScreenContext { ScreenContext(now: F.now, layout: InteractiveLayout(size: F.size), seed: 7) }

    @Test("news: ↓ moves, o orders (taking a shared seed for random), Enter opens the article and reads it, Esc goes back")
    func news() throws {
        let articles = F.articles(3)
        let marks = articles.enumerated().map { index, article in
            ArchivedArticle(
                ref: "r\(index)", article: article, source: "feeds", coins: [], firstSeen: F.now, readAt: nil, savedAt: nil, rating: nil,
                isNew: true) as ArchivedArticle?
        }
        var page = NewsPage(symbol: "BTC", name: "Bitcoin", articles: articles, loading: false, marks: marks)
        var context = context
        _ = page.handle(try action(.character("o"), on: .news), in: &context)
        _ = page.handle(try action(.character("o"), on: .news), in: &context)
        #expect(page.order == .random)
        #expect(context.seed != 7 && page.seed == context.seed)
        _ = page.handle(try action(.character("o"), on: .news), in: &context)
        #expect(page.order == .latest)
        #expect(page.handle(try action(.down, on: .news), in: &context).isEmpty)
        #expect(page.cursor.selected == 1)
        let commands = page.handle(try action(.enter, on: .news), in: &context)
        guard case .push(.article(let article)) = commands.first else { throw Unexpected(commands) }
        #expect(article.article.title == "Headline number 2" && article.position == 2 && article.mark?.isRead == true)
        #expect(commands.dropFirst().elementsEqual([.effect(.markArticle(ref: "r1", mark: .read(true)))]))
        #expect(page.handle(try action(.escape, on: .news), in: &context) == [.back])
    }

    @Test("article: Space pages, b saves through the view (every screen showing it), 4 rates; without the archive, a notice")
    func article() throws {
        let text = F.articles(1)[0]
        let mark = ArchivedArticle(
            ref: "r0", article: text, source: "feeds", coins: [], firstSeen: F.now, readAt: F.now, savedAt: nil, rating: nil, isNew: false)
        var page = ArticlePage(article: text, symbol: "BTC", position: 1, count: 1, mark: mark, wrapped: context.articlePresenter.wrapped(text))
        #expect(page.handle(try action(.character(" "), on: .article), in: context).isEmpty)
        #expect(page.scroll == min(context.layout.bodyRows - 1, context.maximumScroll(page)))
        #expect(page.handle(try action(.character("b"), on: .article), in: context) == [.mark(ref: "r0", .saved(true)), .notice("Saved")])
        #expect(page.mark?.isSaved == false, "the mark changes through the view, not here")
        #expect(page.handle(try action(.character("4"), on: .article), in: context) == [.mark(ref: "r0", .rating(4)), .notice("Rated 4 of 5")])
        page.mark = nil
        #expect(
            page.handle(try action(.character("b"), on: .article), in: context) == [
                .notice("The news archive is not available: marks cannot be kept")
            ])
        #expect(page.handle(try action(.character("s"), on: .article), in: context).isEmpty)
        #expect(page.prompt != nil)
    }

    @Test("coin detail: 3 asks for 90 days once, f stars, n opens the news, h goes back")
    func coinDetail() throws {
        var page = CoinDetailPage(symbol: "ETH", name: "Ethereum", id: "ethereum", currency: "EUR", loading: false)
        #expect(
            page.handle(try action(.character("3"), on: .coin)) == [
                .effect(.yours(.fetchHistory(symbol: "ETH", id: "ethereum", currency: "EUR", range: .quarter)))
            ])
        let three = try action(.character("3"), on: .coin)
        #expect(page.range == .quarter)
        #expect(page.handle(three).isEmpty, "asked once")
        #expect(page.handle(try action(.character("f"), on: .coin)) == [.toggleFavorite(symbol: "ETH", name: "Ethereum")])
        #expect(page.handle(try action(.character("n"), on: .coin)) == [.openNews(symbol: "ETH", name: "Ethereum")])
        #expect(page.handle(try action(.character("h"), on: .coin)) == [.back])
    }

    @Test("live detail, holdings, alerts and compare: each action becomes its command")
    func smallScreens() throws {
        let live = LiveDetailPage(symbol: "BTC", name: "Bitcoin", openedAt: F.now)
        #expect(live.handle(try action(.character("A"), on: .live)) == [.openAlertPrompt(symbol: "BTC")])
        #expect(live.handle(try action(.character("!"), on: .live)) == [.openAlerts])
        #expect(live.handle(try action(.enter, on: .live)) == [.openNews(symbol: "BTC", name: "Bitcoin")])

        let holdings = ["BTC", "ETH"]
        var held = HoldingsPage()
        func press(_ key: Key) throws -> [ScreenCommand] {
            held.handle(try action(key, on: .holdings), symbols: holdings, rows: 10, currency: "USD")
        }
        #expect(try press(.character("j")).isEmpty)
        #expect(try press(.enter) == [.openCoin(symbol: "ETH")])
        #expect(try press(.character("r")) == [.effect(.yours(.loadStore))])
        // Tab switches the panel: the lots, the realised gains, then the chart, whose closes are
        // asked for once (not again while they are out); a hides the amounts and shows them again.
        #expect(try press(.tab).isEmpty)
        #expect(held.panel == .realized)
        #expect(try press(.tab) == [.effect(.yours(.loadPortfolioChart(currency: "USD")))])
        #expect(held.panel == .chart && held.chartLoading)
        #expect(try press(.character("r")) == [.effect(.yours(.loadStore))], "the chart's request is still out")
        _ = try press(.tab)
        #expect(held.panel == .lots)
        #expect(try press(.character("a")).isEmpty)
        #expect(held.hideAmounts)
        _ = try press(.character("a"))
        #expect(!held.hideAmounts)

        var list = AlertListPage()
        _ = list.handle(try action(.end, on: .alerts), ids: [3, 8], rows: 10)
        #expect(list.handle(try action(.delete, on: .alerts), ids: [3, 8], rows: 10) == [.effect(.removeAlert(8))])
        #expect(list.handle(try action(.character("d"), on: .alerts), ids: [3, 8], rows: 10).isEmpty, "one removal at a time")

        let pair = try #require(TradingPair(base: "BTC", quote: "USD"))
        var compare = ComparePage(id: 5, name: "Bitcoin", comparison: ExchangeComparison(pair: pair, exchanges: [.kraken], startedAt: F.now))
        #expect(compare.handle(try action(.backspace, on: .compare)) == [.back, .effect(.closeCompare(id: 5))])
    }

    /// Commands other than those expected.
    private struct Unexpected: Error, CustomStringConvertible {
        let commands: [ScreenCommand]
        init(_ commands: [ScreenCommand]) { self.commands = commands }
        var description: String { "unexpected commands \(commands)" }
    }

    @Test(
        "add coin: typing asks for one debounced search per edit, a stale debounce does nothing, ↓ moves, Enter adds the selected coin, Esc goes back"
    )
    func addCoin() {
        let index = YourCoinsFixtures.coinList
        var page = AddCoinPage()
        #expect(page.edit(.character("z"), index: index, rows: 10) == [.effect(.yours(.debounceSearch(generation: 1)))])
        #expect(page.edit(.character("e"), index: index, rows: 10) == [.effect(.yours(.debounceSearch(generation: 2)))])
        page.searchDue(generation: 1, index: index)
        #expect(page.results.isEmpty, "the debounce of older text searches nothing")
        page.searchDue(generation: 2, index: index)
        #expect(Set(page.results.map(\.coin.id)) == ["zebra", "zebra-classic"])
        #expect(page.edit(.down, index: index, rows: 10) == [])
        #expect(page.edit(.enter, index: index, rows: 10) == [.addFavourite(page.results[1].coin)])
        #expect(page.edit(.escape, index: index, rows: 10) == [.back])
        var nothing = AddCoinPage()
        _ = nothing.edit(.character("q"), index: nil, rows: 10)
        #expect(nothing.edit(.enter, index: nil, rows: 10) == [], "no list yet: Enter searches nothing and adds nothing")
    }

    @Test("alert prompt: a mistake stays on it and typing clears it, a valid rule asks to be stored once, Esc closes it")
    func alertPrompt() {
        var prompt = AlertPrompt(symbol: "BTC", currency: "USD")
        for character in "abov 5" { _ = prompt.edit(.character(character)) }
        let mistake = prompt.edit(.enter)
        #expect(mistake.isOpen && mistake.commands.isEmpty)
        #expect(prompt.error != nil)
        _ = prompt.edit(.backspace)
        #expect(prompt.error == nil)
        var valid = AlertPrompt(symbol: "BTC", currency: "USD")
        for character in "above 70000" { _ = valid.edit(.character(character)) }
        let stored = valid.edit(.enter)
        #expect(stored.isOpen && stored.commands.count == 1)
        guard case .effect(.addAlert(let alert)) = stored.commands.first else {
            Issue.record("Enter did not ask for the alert to be stored")
            return
        }
        #expect(alert.symbol == "BTC" && alert.currency == "USD")
        #expect(valid.edit(.enter).commands.isEmpty, "nothing more while it is being stored")
        var closing = AlertPrompt(symbol: "BTC", currency: "USD")
        #expect(closing.edit(.escape).isOpen == false)
    }

    @Test("share prompt: an empty path is refused on the prompt, a path asks for the file once, Esc closes it")
    func sharePrompt() {
        let text = F.articles(1)[0]
        var article = ArticlePage(
            article: text, symbol: "BTC", position: 1, count: 1, mark: nil, wrapped: context.articlePresenter.wrapped(text))
        article.prompt = LineEditor("", maximumLength: 200)
        #expect(article.editSharePath(.enter) == [])
        #expect(article.shareError == "type a file name, or Esc to cancel")
        for character in "  btc.md " { _ = article.editSharePath(.character(character)) }
        #expect(article.shareError == nil)
        #expect(article.editSharePath(.enter) == [.effect(.share(article: article.article, coin: "BTC", path: "btc.md"))])
        #expect(article.editSharePath(.escape) == [], "nothing while the file is being written")
        article.sharing = false
        _ = article.editSharePath(.escape)
        #expect(article.prompt == nil)
    }
}
