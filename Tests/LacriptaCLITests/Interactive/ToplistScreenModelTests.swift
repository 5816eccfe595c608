import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The toplist's own model, alone: a key goes through the keymap to a toplist action, the
/// `ToplistState` takes it, and what it asks of the view comes back as commands. No
/// `InteractiveModel`: the coins it lists, the currency and the window come in a `ToplistContext`.
@Suite("Toplist screen model: each action on the toplist's value, and what it asks of the view")
struct ToplistScreenModelTests {
    typealias F = InteractiveFixtures

    /// The toplist action `key` stands for with the default keys.
    private func action(_ key: Key) throws -> ViewAction {
        let name = try #require(KeyName(key))
        return try #require(Keymap.standard.action(for: name, on: .toplist), "\(key) does nothing on the toplist")
    }

    /// Five coins in a window of three rows, in USD.
    private func context(_ coins: [Coin] = F.coins(5), window: Int = 3) -> ToplistContext {
        ToplistContext(base: coins, currency: "USD", options: InteractiveOptions(currency: "USD", configured: ["EUR"]), window: window)
    }

    private func state(_ coins: [Coin] = F.coins(5)) -> ToplistState {
        var state = ToplistState(period: .rolling24h, order: .rank, reversed: false)
        state.take(.success(Fetched(value: Toplist(currency: "USD", coins: coins), fetchedAt: F.now)))
        return state
    }

    @Test("moving, sorting, the period and the filter change the toplist's value and ask nothing of the view")
    func ownActions() throws {
        var toplist = state()
        let context = context()
        #expect(toplist.handle(try action(.down), in: context).isEmpty)
        #expect(toplist.handle(try action(.pageDown), in: context).isEmpty)
        #expect(toplist.selected(in: toplist.rows(from: context.base))?.symbol == "C04")
        #expect(toplist.cursor.offset == 1, "a window of three rows scrolled to keep C04 in view")
        #expect(toplist.handle(try action(.character("c")), in: context).isEmpty)
        #expect(toplist.period == .hour && toplist.selected(in: toplist.rows(from: context.base))?.symbol == "C04", "the period keeps the coin")
        #expect(toplist.handle(try action(.character("S")), in: context).isEmpty)
        #expect(toplist.rows(from: context.base).map(\.symbol) == ["C05", "C04", "C03", "C02", "C01"] && toplist.cursor.selected == 0)
        #expect(toplist.handle(try action(.character("s")), in: context).isEmpty)
        #expect(toplist.order == .price)
        #expect(toplist.handle(try action(.character("/")), in: context).isEmpty)
        #expect(toplist.filterEditor != nil)
        toplist.editFilter(.paste("coin 2"), in: context)
        #expect(toplist.rows(from: context.base).map(\.symbol) == ["C02"] && toplist.filterEdits == 1)
        toplist.editFilter(.enter, in: context)
        #expect(toplist.filterEditor == nil && toplist.filter == "coin 2")
        #expect(toplist.handle(try action(.escape), in: context).isEmpty)
        #expect(toplist.filter.isEmpty && toplist.selected(in: toplist.rows(from: context.base))?.symbol == "C02", "Esc clears, keeping C02")
    }

    @Test("r asks for the toplist in the shown currency once while a request is out; u asks the view for the next currency")
    func refreshAndCurrency() throws {
        var toplist = state()
        #expect(toplist.handle(try action(.character("r")), in: context()) == [.effect(.fetchToplist(currency: "USD", limit: 50))])
        #expect(toplist.loading)
        #expect(toplist.handle(try action(.character("r")), in: context()).isEmpty, "one request at a time")
        toplist.take(.failure(.unavailable("cannot connect")))
        #expect(!toplist.loading && toplist.error?.contains("cannot connect") == true && toplist.coins.count == 5, "a failure keeps the coins")
        #expect(toplist.handle(try action(.character("u")), in: context()) == [.nextCurrency])
        toplist.startOver()
        #expect(toplist.coins.isEmpty && toplist.loading && toplist.error == nil && toplist.cursor == ListCursor())
    }

    @Test("the selected coin's news, live detail, figures, star, alert and comparison are commands for the view")
    func coinActions() throws {
        var toplist = state()
        let context = context()
        _ = toplist.handle(try action(.down), in: context)
        #expect(toplist.handle(try action(.enter), in: context) == [.openNews(symbol: "C02", name: "Coin 2")])
        #expect(toplist.handle(try action(.character("l")), in: context) == [.openLive(symbol: "C02", name: "Coin 2")])
        #expect(toplist.handle(try action(.character("i")), in: context) == [.openCoin(symbol: "C02")])
        #expect(toplist.handle(try action(.character("f")), in: context) == [.toggleFavorite(symbol: "C02", name: "Coin 2")])
        #expect(toplist.handle(try action(.character("A")), in: context) == [.openAlertPrompt(symbol: "C02")])
        #expect(toplist.handle(try action(.character("x")), in: context) == [.openCompare(symbol: "C02", name: "Coin 2")])
        #expect(toplist.handle(try action(.character("F")), in: context) == [.toggleFavoritesOnly])
        #expect(toplist.handle(try action(.tab), in: context) == [.nextGroup])
        #expect(toplist.handle(try action(.character("H")), in: context) == [.push(.holdings(HoldingsPage())), .effect(.yours(.loadStore))])
        #expect(toplist.handle(try action(.character("a")), in: context) == [.openAddCoin])
        #expect(toplist.handle(try action(.character("!")), in: context) == [.openAlerts])
    }

    @Test("on an empty list (nothing loaded, or a filter matching nothing) the coin actions ask for nothing")
    func emptyList() throws {
        var toplist = ToplistState(period: .rolling24h, order: .rank, reversed: false)
        let empty = context([])
        for key: Key in [.enter, .character("l"), .character("i"), .character("f"), .character("A"), .character("x")] {
            #expect(toplist.handle(try action(key), in: empty).isEmpty, "\(key) on an empty list")
        }
        var filtered = state()
        _ = filtered.handle(try action(.character("/")), in: context())
        filtered.editFilter(.paste("zzz"), in: context())
        #expect(filtered.rows(from: context().base).isEmpty)
        #expect(filtered.handle(try action(.character("f")), in: context()).isEmpty)
        #expect(toplist.handle(try action(.character("!")), in: empty) == [.openAlerts], "the alerts screen needs no coin")
    }

    @Test("the rows follow what the view lists: another base (the favourites) is filtered and sorted the same way")
    func rowsFollowTheBase() throws {
        var toplist = state()
        _ = toplist.handle(try action(.character("S")), in: context())
        let favourites = [F.coins(5)[1], F.coins(5)[3]]
        #expect(toplist.rows(from: favourites).map(\.symbol) == ["C04", "C02"])
        toplist.reselect("C02", in: toplist.rows(from: favourites), window: 3)
        #expect(toplist.cursor.selected == 1)
        toplist.reselect("GONE", in: toplist.rows(from: [favourites[0]]), window: 3)
        #expect(toplist.cursor.selected == 0, "a coin no longer listed leaves the selection inside the list")
    }
}
