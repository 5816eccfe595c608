import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The keymap in front of the view's screens, through the model alone: a binding's key does the
/// action on each screen, the default keys it replaced do nothing, Ctrl-C and text fields are
/// beyond any binding, and the footer and the `?` help name the keys in force.
@Suite("Interactive keymap: rebound keys drive every screen")
struct KeymapModelTests {
    typealias F = InteractiveFixtures
    typealias Y = YourCoinsFixtures

    /// A model with the toplist loaded whose keymap has `bindings` in place of the defaults.
    private func model(_ bindings: [ViewAction: [KeyName]], coins: [Coin] = F.coins(50), live: Bool = false) throws -> InteractiveModel {
        let (keymap, clashes) = Keymap.build(bindings)
        try #require(clashes.isEmpty)
        var options = InteractiveOptions(currency: "USD", configured: ["USD", "EUR", "GBP"])
        options.keymap = keymap
        return F.model(coins: coins, live: live, options: options)
    }

    @Test("toplist: J moves down instead of j and ↓; * stars instead of f; the footer and the help say so")
    func toplist() throws {
        var model = try model([.moveDown: [.character("J")], .star: [.character("*")]])
        model.press(.character("J"))
        #expect(model.selectedCoin?.symbol == "C02")
        model.press(.character("j"), .down)
        #expect(model.selectedCoin?.symbol == "C02", "the replaced keys do nothing")
        model.press(.up)
        #expect(model.selectedCoin?.symbol == "C01", "move-up keeps its defaults")
        #expect(model.press(.character("f")).isEmpty)
        #expect(model.press(.character("*")) == [.yours(.writeFavorite(FavoriteWrite(symbol: "C01", on: true)))])
        #expect(model.plainFrame[23].contains("↑J move") && model.plainFrame[23].contains("* ★"))
        model.press(.character("?"))
        let help = model.plainFrame.joined(separator: "\n")
        #expect(help.contains("↑ k  J") && help.contains("move up / down"))
        #expect(help.contains("*  F  Tab") && help.contains("star / only favourites / next group"))
    }

    @Test("every screen: quit and help follow their bindings; Ctrl-C always quits; a field's text is never an action")
    func everyScreen() throws {
        var model = try model([.quit: [.character("Q")], .help: [.function(1)]])
        #expect(model.press(.character("q")).isEmpty)
        #expect(model.press(.character("Q")) == [.quit])
        #expect(model.press(.control("c")) == [.quit])
        model.press(.function(1))
        #expect(model.showsHelp)
        #expect(model.plainFrame.contains { $0.contains("Q  Ctrl-C") && $0.contains("quit") })
        #expect(model.plainFrame.contains { $0.contains("F1") && $0.contains("this help") })
        #expect(model.press(.character("Q")) == [.quit], "the quit keys quit from the help too")
        model.press(.character("/"))
        #expect(model.type("Q").isEmpty && model.filter == "Q", "a letter in the filter is text")
    }

    @Test("news and article: o opens, O orders, S shares; the old keys do nothing")
    func newsAndArticle() throws {
        var model = try model([.openArticle: [.character("o")], .newsOrder: [.character("O")], .share: [.character("S")]])
        model.press(.enter)
        _ = model.handle(.newsLoaded(symbol: "C01", .success(NewsFetch(articles: F.articles(3), fetchedAt: F.now))), at: F.now)
        model.press(.character("O"))
        guard case .news(let news) = model.page else { throw Failure("expected the news list") }
        #expect(news.order == .oldest)
        model.press(.enter, .right, .character("l"))
        #expect({ if case .news = model.page { true } else { false } }(), "Enter, → and l no longer open")
        model.press(.character("o"))
        guard case .article(var article) = model.page else { throw Failure("expected the article") }
        #expect(article.article.title == "Headline number 3", "the oldest first")
        model.press(.character("s"))
        guard case .article(let unchanged) = model.page else { throw Failure("expected the article") }
        #expect(unchanged.prompt == nil)
        model.press(.character("S"))
        guard case .article(let sharing) = model.page else { throw Failure("expected the article") }
        article = sharing
        #expect(article.prompt != nil)
    }

    @Test("coin detail and live detail: Y shows a year, N opens the news from the live detail")
    func details() throws {
        var model = try model([.range365d: [.character("Y")], .openNews: [.character("N")]])
        model.press(.character("i"))
        _ = model.handle(.yours(.coinLoaded(symbol: "C01", currency: "USD", .success(Y.load(symbol: "C01")))), at: F.now)
        model.press(.character("y"))
        guard case .coin(let before) = model.page else { throw Failure("expected the coin detail") }
        #expect(before.range == .month)
        model.press(.character("Y"))
        guard case .coin(let after) = model.page else { throw Failure("expected the coin detail") }
        #expect(after.range == .year)
        model.press(.character("l"))
        #expect(model.press(.enter, .character("n")).isEmpty)
        #expect(model.press(.character("N")) == [.fetchNews(symbol: "C01")])
    }

    @Test("holdings, alerts and compare: a rebound back and delete")
    func listsAndBack() throws {
        var model = try model([.back: [.backspace], .delete: [.character("x")]], coins: F.bitcoinAndEther, live: true)
        model.press(.character("H"))
        model.press(.escape, .left, .character("h"))
        #expect({ if case .holdings = model.page { true } else { false } }(), "Esc, ← and h no longer go back")
        model.press(.backspace)
        #expect(model.page == .toplist)
        let alert = Alert(id: 4, symbol: "BTC", currency: "USD", condition: .above(try #require(DecimalText("70000"))))
        _ = model.handle(.alertsStored(AlertStoreAnswer(alerts: [alert])), at: F.now)
        model.press(.character("!"))
        #expect(model.press(.character("d")).isEmpty)
        #expect(model.press(.character("x")) == [.removeAlert(4)])
        model.press(.backspace)
        let pair = try #require(TradingPair(base: "BTC", quote: "USD"))
        #expect(
            model.press(.character("x")) == [.openCompare(id: 1, pair: pair, exchanges: Exchange.compareDefaults)], "x still compares on the toplist")
        #expect(model.press(.escape).isEmpty)
        #expect(model.press(.backspace) == [.closeCompare(id: 1)])
    }

    /// A test stopped by a page other than the one expected.
    private struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
