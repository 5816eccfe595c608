import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive toplist: selection, paging, sorting, period, currency, filter")
struct ToplistModelTests {
    typealias F = InteractiveFixtures

    @Test("starts by fetching the toplist in the configured currency, 50 coins, and reading the store")
    func startFetches() {
        var model = InteractiveModel(options: InteractiveOptions(currency: "EUR", configured: []), size: F.size, now: F.now, liveEnabled: false)
        #expect(model.start() == [.fetchToplist(currency: "EUR", limit: 50), .yours(.loadStore)])
        #expect(model.plainFrame.joined(separator: "\n").contains("Loading the top coins in EUR…"))
    }

    @Test("arrows and j/k move one row; the window scrolls only when the selection leaves it")
    func movesAndScrolls() {
        var model = F.model()
        #expect(model.selectedCoin?.symbol == "C01")
        model.press(.down, .character("j"))
        #expect(model.selectedCoin?.symbol == "C03")
        model.press(.up)
        #expect(model.selectedCoin?.symbol == "C02")
        model.press(.up, .up, .character("k"))
        #expect(model.selectedCoin?.symbol == "C01", "stays on the first row")
        // 80×24 shows 20 coins; the 21st row scrolls the window by one.
        for _ in 0..<19 { model.press(.down) }
        #expect(model.visibleSymbols.first == "C01" && model.selectedCoin?.symbol == "C20")
        model.press(.down)
        #expect(model.visibleSymbols.first == "C02" && model.visibleSymbols.last == "C21")
    }

    @Test("PgDn/PgUp move a window less one row; g/G and Home/End jump to the ends")
    func pagesAndJumps() {
        var model = F.model()
        model.press(.pageDown)
        #expect(model.selectedCoin?.symbol == "C20")
        model.press(.pageDown, .pageDown, .pageDown)
        #expect(model.selectedCoin?.symbol == "C50", "clamped at the end")
        #expect(model.visibleSymbols.count == 20 && model.visibleSymbols.last == "C50", "no blank rows under the last coin")
        model.press(.pageUp)
        #expect(model.selectedCoin?.symbol == "C31")
        model.press(.character("g"))
        #expect(model.selectedCoin?.symbol == "C01" && model.visibleSymbols.first == "C01")
        model.press(.character("G"))
        #expect(model.selectedCoin?.symbol == "C50")
        model.press(.home)
        #expect(model.selectedCoin?.symbol == "C01")
        model.press(.end)
        #expect(model.selectedCoin?.symbol == "C50")
    }

    @Test("s cycles the sort column, S reverses it; the list starts again at the top")
    func sorting() {
        var model = F.model(coins: F.coins(5))
        model.press(.down, .down)
        model.press(.character("s"))
        #expect(model.order == .price)
        #expect(model.rows.map(\.symbol) == ["C01", "C02", "C03", "C04", "C05"], "highest price first")
        #expect(model.cursor.selected == 0)
        model.press(.character("S"))
        #expect(model.rows.map(\.symbol) == ["C05", "C04", "C03", "C02", "C01"])
        model.press(.character("s"))
        #expect(model.order == .change)
        // Reversed change: the biggest loser first (C04 -4 %, C02 -2 %, C01 +1 %, …).
        #expect(model.rows.map(\.symbol) == ["C04", "C02", "C01", "C03", "C05"])
        model.press(.character("S"), .character("s"), .character("s"))
        #expect(model.order == .volume)
        #expect(model.rows.first?.symbol == "C05")
        model.press(.character("s"), .character("s"))
        #expect(model.order == .rank, "the cycle comes back to rank")
    }

    @Test("c cycles the change period hour → day → 24h and keeps the selected coin")
    func period() {
        var model = F.model(coins: F.coins(5))
        #expect(model.period == .rolling24h)
        model.press(.down)
        model.press(.character("c"))
        #expect(model.period == .hour)
        model.press(.character("c"))
        #expect(model.period == .day)
        #expect(model.selectedCoin?.symbol == "C02")
        #expect(model.plainFrame[1].contains("Change day"))
        model.press(.character("c"))
        #expect(model.period == .rolling24h)
    }

    @Test("u cycles USD → EUR → configured currencies, dropping the old prices and fetching anew")
    func currency() {
        var model = F.model()
        #expect(model.options.currencies == ["USD", "EUR", "GBP"])
        let effects = model.press(.character("u"))
        #expect(effects == [.fetchToplist(currency: "EUR", limit: 50)])
        #expect(model.currency == "EUR" && model.coins.isEmpty && model.loading)
        // A late USD answer must not show dollar prices under a EUR title.
        _ = model.handle(
            .toplistLoaded(currency: "USD", .success(Fetched(value: Toplist(currency: "USD", coins: F.coins(3)), fetchedAt: F.now))), at: F.now)
        #expect(model.coins.isEmpty)
        _ = model.handle(
            .toplistLoaded(currency: "EUR", .success(Fetched(value: Toplist(currency: "EUR", coins: F.coins(3, currency: "EUR")), fetchedAt: F.now))),
            at: F.now)
        #expect(model.coins.count == 3)
        #expect(model.plainFrame[0].contains("EUR"))
        #expect(model.plainFrame[2].contains("€"))
        model.press(.character("u"))
        #expect(model.currency == "GBP")
        model.press(.character("u"))
        #expect(model.currency == "USD")
    }

    @Test("/ filters by symbol or name as you type; Enter keeps the filter, Esc clears it")
    func filter() {
        var model = F.model(
            coins: F.bitcoinAndEther
                + F.coins(5).map {
                    var c = $0; c.rank += 2; return c
                })
        model.press(.character("/"))
        #expect(model.isEditingText)
        model.type("eth")
        #expect(model.rows.map(\.symbol) == ["ETH"])
        #expect(model.plainFrame.last?.contains("Filter: eth") == true)
        model.press(.backspace, .backspace, .backspace)
        model.type("COIN 3")
        #expect(model.rows.map(\.symbol) == ["C03"], "names match too, ignoring case")
        model.press(.enter)
        #expect(!model.isEditingText && model.filter == "COIN 3")
        #expect(model.plainFrame[0].contains("filter \"COIN 3\""))
        // q is a letter while typing, and quits once the field is closed.
        model.press(.character("/"))
        #expect(model.type("q").isEmpty)
        model.press(.escape)
        #expect(model.filter.isEmpty && model.rows.count == 7)
        #expect(model.press(.character("q")) == [.quit])
    }

    @Test("a filter that matches nothing says so instead of showing an empty table")
    func filterWithoutMatches() {
        var model = F.model()
        model.press(.character("/"))
        model.type("zzz")
        #expect(model.plainFrame.contains { $0.contains("No coin matches \"zzz\"") })
        #expect(model.press(.enter).isEmpty)
        #expect(model.press(.enter).isEmpty, "Enter on an empty list opens nothing")
    }

    @Test("r refreshes once; a failed refresh keeps the last good data and shows why")
    func refreshAndErrors() {
        var model = F.model()
        model.press(.down, .down)
        #expect(model.press(.character("r")) == [.fetchToplist(currency: "USD", limit: 50)])
        #expect(model.press(.character("r")).isEmpty, "no second request while one is out")
        #expect(model.handle(.refreshDue, at: F.now).isEmpty)
        let later = F.now.addingTimeInterval(90)
        _ = model.handle(.toplistLoaded(currency: "USD", .failure(.unavailable("cannot connect to 127.0.0.1:9"))), at: later)
        #expect(model.coins.count == 50 && model.selectedCoin?.symbol == "C03")
        let status = model.plainFrame[22]
        #expect(status.contains("updated 12:00:00 UTC (1 minute ago)"))
        #expect(status.contains("⚠") && status.contains("127.0.0.1:9"))
        // The next good answer clears the error and keeps C03 selected though it moved.
        #expect(model.handle(.refreshDue, at: later) == [.fetchToplist(currency: "USD", limit: 50)])
        let reordered = Array(F.coins(50).reversed())
        _ = model.handle(
            .toplistLoaded(currency: "USD", .success(Fetched(value: Toplist(currency: "USD", coins: reordered), fetchedAt: later))), at: later)
        #expect(model.toplistError == nil && model.selectedCoin?.symbol == "C03")
    }

    @Test("cached data from an offline fallback is shown with the reason")
    func offlineData() {
        var model = F.model()
        _ = model.handle(.refreshDue, at: F.now)
        let old = F.now.addingTimeInterval(-7200)
        let fetched = Fetched(
            value: Toplist(currency: "USD", coins: F.coins(10)), fetchedAt: old, offlineReason: .unavailable("cannot reach example.com"))
        _ = model.handle(.toplistLoaded(currency: "USD", .success(fetched)), at: F.now)
        #expect(model.plainFrame[22].contains("updated 10:00:00 UTC (2 hours ago)"))
        #expect(model.plainFrame[22].contains("cannot reach example.com"))
    }

    @Test("a resize keeps the selected coin in view")
    func resize() {
        var model = F.model()
        model.press(.pageDown)
        #expect(model.selectedCoin?.symbol == "C20")
        _ = model.handle(.resize(TerminalSize(columns: 80, rows: 12)), at: F.now)
        #expect(model.visibleSymbols.count == 8)
        #expect(model.visibleSymbols.contains("C20"))
        _ = model.handle(.resize(TerminalSize(columns: 120, rows: 60)), at: F.now)
        #expect(model.visibleSymbols.count == 50 && model.selectedCoin?.symbol == "C20")
    }

    @Test("q, Ctrl-C and Ctrl-Z reach the driver; Ctrl-L asks for a full repaint")
    func globalKeys() {
        var model = F.model()
        #expect(model.press(.character("q")) == [.quit])
        #expect(model.press(.control("c")) == [.quit])
        #expect(model.press(.control("z")) == [.suspend])
        #expect(model.press(.control("l")) == [.repaint])
    }

    @Test("? opens the help over the current screen; the next key closes it without acting")
    func help() {
        var model = F.model()
        model.press(.character("?"))
        #expect(model.showsHelp)
        #expect(model.plainFrame.contains { $0.contains("Keys: toplist") })
        #expect(model.press(.down).isEmpty)
        #expect(!model.showsHelp && model.selectedCoin?.symbol == "C01", "the closing key does not move")
        model.press(.character("?"))
        #expect(model.press(.character("q")) == [.quit], "q still quits from the help")
    }

    @Test("the list cursor never leaves the list, whatever the window")
    func cursorBounds() {
        var cursor = ListCursor()
        cursor.move(by: 100, count: 5, page: 3)
        #expect(cursor.selected == 4 && cursor.offset == 2)
        cursor.clamp(count: 2, page: 3)
        #expect(cursor.selected == 1 && cursor.offset == 0)
        cursor.clamp(count: 0, page: 3)
        #expect(cursor.selected == 0 && cursor.visible(count: 0, page: 3).isEmpty)
        cursor.select(-5, count: 10, page: 0)
        #expect(cursor.selected == 0 && cursor.visible(count: 10, page: 0) == 0..<1)
    }
}
