import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive your coins: f stars, F favourites only, H holdings")
struct FavoritesModelTests {
    typealias F = InteractiveFixtures
    typealias Y = YourCoinsFixtures

    @Test("f stars the selected coin at once (★ in its row), writes it to the store, and unstars it")
    func starAndUnstar() {
        var model = Y.model()
        model.press(.down)
        let write = FavoriteWrite(symbol: "C02", on: true)
        #expect(model.press(.character("f")) == [.yours(.writeFavorite(write))])
        #expect(model.yours.favorites == ["C02"])
        #expect(model.plainFrame.contains { $0.contains("C02 ★") }, "the star shows before the write lands")
        _ = model.handle(Y.written(write, to: []), at: F.now)
        #expect(model.plainFrame[22].contains("★ C02 added to your favourites"))
        let unstar = FavoriteWrite(symbol: "C02", on: false)
        #expect(model.press(.character("f")) == [.yours(.writeFavorite(unstar))])
        #expect(model.yours.favorites.isEmpty && !model.plainFrame.contains { $0.contains("C02 ★") })
    }

    @Test("writes go out one at a time in the order pressed, so f f never ends reversed")
    func writesInOrder() {
        var model = Y.model()
        let on = FavoriteWrite(symbol: "C01", on: true)
        let off = FavoriteWrite(symbol: "C01", on: false)
        #expect(model.press(.character("f")) == [.yours(.writeFavorite(on))])
        #expect(model.press(.character("f")).isEmpty, "the second waits for the first")
        #expect(model.handle(Y.written(on, to: []), at: F.now) == [.yours(.writeFavorite(off))])
        #expect(model.yours.favorites.isEmpty, "the queued unstar still shows while the file says starred")
        _ = model.handle(Y.written(off, to: ["C01"]), at: F.now)
        #expect(model.yours.favorites.isEmpty && !model.yours.writing)
    }

    @Test("a store that cannot be written undoes the star and says why on the status row; nothing crashes")
    func writeFailure() {
        var model = Y.model(favorites: ["C05"])
        let write = FavoriteWrite(symbol: "C01", on: true)
        model.press(.character("f"))
        let error = LacriptaError.io("cannot change lacripta's data in /ro/lacripta: the folder is read-only")
        _ = model.handle(.yours(.favoriteWritten(write, .failure(error))), at: F.now)
        #expect(model.yours.favorites == ["C05"])
        let status = model.plainFrame[22]
        #expect(status.contains("⚠ favourite not saved: cannot change lacripta's data"))
        // Unstarring that fails puts the star back.
        model.press(.character("G"))
        model.press(.character("g"), .down, .down, .down, .down)
        #expect(model.selectedCoin?.symbol == "C05")
        let unstar = FavoriteWrite(symbol: "C05", on: false)
        #expect(model.press(.character("f")) == [.yours(.writeFavorite(unstar))])
        _ = model.handle(.yours(.favoriteWritten(unstar, .failure(error))), at: F.now)
        #expect(model.yours.favorites == ["C05"])
    }

    @Test("an unreadable store file is said on the status row and stars nothing")
    func unreadableStore() {
        var model = F.model()
        let error = LacriptaError.unreadableFile("/home/u/.local/share/lacripta/favorites", line: 3, "expected one coin symbol, such as BTC")
        _ = model.handle(.yours(.storeLoaded(.failure(error))), at: F.now)
        #expect(model.yours.favorites.isEmpty)
        #expect(model.plainFrame[22].contains("⚠"))
    }

    @Test("F shows only the favourites in the user's order, numbered so; F again shows every coin, selection kept")
    func favoritesOnly() {
        var model = Y.model(favorites: ["C09", "C03"])
        model.press(.down, .down)
        #expect(model.press(.character("F")).isEmpty, "both are in the toplist: no request")
        #expect(model.rows.map(\.symbol) == ["C09", "C03"])
        #expect(model.rows.map(\.rank) == [1, 2])
        #expect(model.selectedCoin?.symbol == "C03", "the selected coin stays selected")
        #expect(model.plainFrame[0].contains("lacripta · favourites · USD"))
        #expect(model.plainFrame.contains { $0.contains("C09 ★") })
        model.press(.character("F"))
        #expect(model.rows.count == 50 && model.selectedCoin?.symbol == "C03")
    }

    @Test("favourites outside the toplist are priced by one request, dashes until it answers")
    func favoritesOutsideToplist() {
        var model = Y.model(coins: 10, favorites: ["C02", "ZCN", "DOGE"])
        #expect(model.press(.character("F")) == [.yours(.fetchQuotes(symbols: ["ZCN", "DOGE"], currency: "USD"))])
        #expect(model.rows.map(\.symbol) == ["C02", "ZCN", "DOGE"])
        #expect(model.plainFrame.contains { $0.contains("ZCN ★") && $0.contains(PriceFormatter.missingValue) })
        let quotes = ["ZCN": Quote(currency: "USD", price: 0.0123)]
        _ = model.handle(.yours(.quotesLoaded(currency: "USD", .success(Fetched(value: quotes, fetchedAt: F.now)))), at: F.now)
        #expect(model.rows[1].quote?.price == 0.0123)
        #expect(model.rows[2].quote == nil, "a coin the source does not know keeps its dashes")
        // A refresh prices them again with the toplist.
        _ = model.press(.character("r"))
        let toplist = Fetched(value: Toplist(currency: "USD", coins: F.coins(10)), fetchedAt: F.now)
        #expect(
            model.handle(.toplistLoaded(currency: "USD", .success(toplist)), at: F.now) == [
                .yours(.fetchQuotes(symbols: ["ZCN", "DOGE"], currency: "USD"))
            ])
    }

    @Test("a coin starred while a quotes request is out is asked for when it answers; an unpriced one only once")
    func quotesFollowUp() {
        var model = Y.model(coins: 10, favorites: ["ZCN"])
        #expect(model.press(.character("F")) == [.yours(.fetchQuotes(symbols: ["ZCN"], currency: "USD"))])
        _ = model.press(.character("a"))
        _ = model.handle(.yours(.coinListLoaded(.success(Fetched(value: Y.coinList, fetchedAt: F.now)))), at: F.now)
        model.type("zebra classic")
        #expect(model.press(.enter) == [.yours(.writeFavorite(FavoriteWrite(symbol: "ZEB", on: true)))], "one request at a time")
        let answer = Fetched(value: ["ZCN": Quote(currency: "USD", price: 0.0123)], fetchedAt: F.now)
        #expect(
            model.handle(.yours(.quotesLoaded(currency: "USD", .success(answer))), at: F.now) == [
                .yours(.fetchQuotes(symbols: ["ZEB"], currency: "USD"))
            ])
        let none = Fetched(value: [String: Quote](), fetchedAt: F.now)
        #expect(model.handle(.yours(.quotesLoaded(currency: "USD", .success(none))), at: F.now).isEmpty, "ZEB has no price; not asked again")
        #expect(model.rows.map(\.symbol) == ["ZCN", "ZEB"] && model.selectedCoin?.symbol == "ZEB")
    }

    @Test("F with no favourites says how to add some")
    func noFavorites() {
        var model = Y.model()
        model.press(.character("F"))
        #expect(model.plainFrame.contains { $0.contains("No favourites yet: press f on a coin, or a to add any coin") })
    }

    @Test("H values the holdings at the prices on screen, with P/L; Enter opens the coin, Esc goes back")
    func holdings() throws {
        let btc = try #require(DecimalText("0.5"))
        let cost = try #require(DecimalText("400"))
        let other = try #require(DecimalText("2"))
        let holdings = [Holding(symbol: "C02", amount: btc, cost: (cost, "USD")), Holding(symbol: "ZCN", amount: other)]
        var model = Y.model(coins: 10)
        #expect(model.press(.character("H")) == [.yours(.loadStore)])
        #expect(model.plainFrame.contains { $0.contains("Reading your holdings") })
        let read = model.handle(.yours(.storeLoaded(.success(StoreSnapshot(favorites: [], holdings: holdings)))), at: F.now)
        #expect(read == [.yours(.fetchQuotes(symbols: ["ZCN"], currency: "USD"))], "only the coin the toplist lacks is asked for")
        _ = model.handle(
            .yours(.quotesLoaded(currency: "USD", .success(Fetched(value: ["ZCN": Quote(currency: "USD", price: 50)], fetchedAt: F.now)))), at: F.now)
        let frame = model.plainFrame
        #expect(frame[0].contains("lacripta · holdings · 2 coins · USD"))
        // C02 at $500: 0.5 is worth $250, cost $200, +$50 (+25%); ZCN 2 × $50 = $100.
        let c02 = try #require(frame.first { $0.contains("C02") })
        #expect(c02.contains("$250.00") && c02.contains("+25"))
        #expect(frame.contains { $0.contains("ZCN") && $0.contains("$100.00") })
        #expect(frame.contains { $0.contains("Total") && $0.contains("$350.00") })
        let opened = model.press(.enter)
        #expect(opened == [.yours(.fetchCoin(symbol: "C02", id: nil, currency: "USD", range: .month))])
        model.press(.escape, .escape)
        #expect(model.page == .toplist)
    }

    @Test("holdings hidden for screen-sharing show no amounts or values")
    func hiddenAmounts() throws {
        var options = InteractiveOptions(currency: "USD", configured: [])
        options.hideAmounts = true
        var model = F.model(coins: F.coins(5), options: options)
        let amount = try #require(DecimalText("0.5"))
        model.press(.character("H"))
        _ = model.handle(.yours(.storeLoaded(.success(StoreSnapshot(favorites: [], holdings: [Holding(symbol: "C02", amount: amount)])))), at: F.now)
        let frame = model.plainFrame
        #expect(frame[0].contains("amounts hidden"))
        #expect(!frame.contains { $0.contains("$250.00") || $0.contains("0.5") })
        #expect(frame.contains { $0.contains("C02") && $0.contains("100") })
    }

    @Test("the footer and the help name the new keys")
    func hints() {
        var model = Y.model(size: TerminalSize(columns: 160, rows: 40))
        let footer = model.plainFrame[39]
        for hint in ["i detail", "f ★", "F favourites", "a add", "H holdings"] { #expect(footer.contains(hint), "\(hint)") }
        model.press(.character("?"))
        let help = model.plainFrame.joined(separator: "\n")
        for line in ["the coin's figures and chart", "star / only favourites / next group", "your holdings", "add any coin"] {
            #expect(help.contains(line), "\(line)")
        }
    }

    @Test("with F, Tab cycles the watchlist groups and back to every favourite; the title names the group and what is held in it")
    func groups() throws {
        var model = F.model(coins: F.coins(50))
        let holdings = [
            Holding(symbol: "C02", amount: try #require(DecimalText("3"))), Holding(symbol: "C09", amount: try #require(DecimalText("1"))),
        ]
        let snapshot = StoreSnapshot(
            favorites: ["C01", "C02", "C09", "C03"],
            groups: [FavoriteGroup(name: "long-term", symbols: ["C02", "C09"]), FavoriteGroup(name: "trading", symbols: ["C03"])],
            holdings: holdings)
        _ = model.handle(.yours(.storeLoaded(.success(snapshot))), at: F.now)
        #expect(model.press(.tab).isEmpty, "Tab does nothing on the full toplist")
        model.press(.character("F"))
        #expect(model.rows.map(\.symbol) == ["C01", "C02", "C09", "C03"])
        #expect(model.plainFrame[0].contains("favourites: all (Tab) · held $1,611.11"))
        model.press(.tab)
        #expect(model.rows.map(\.symbol) == ["C02", "C09"])
        #expect(model.rows.map(\.rank) == [1, 2])
        // C02 at 1000/2 × 3 and C09 at 1000/9 × 1.
        #expect(model.plainFrame[0].contains("favourites: long-term (Tab) · held $1,611.11"))
        model.press(.tab)
        #expect(model.rows.map(\.symbol) == ["C03"])
        #expect(!model.plainFrame[0].contains("held"), "nothing held in this group: no value")
        model.press(.tab)
        #expect(model.rows.map(\.symbol) == ["C01", "C02", "C09", "C03"] && model.yours.shownGroup == nil)
    }

    @Test("a coin unstarred in a group leaves it at once; a group gone from the file takes the list back to all")
    func groupsFollowTheStore() {
        var model = F.model(coins: F.coins(50))
        let groups = [FavoriteGroup(name: "long-term", symbols: ["C02", "C09"])]
        _ = model.handle(.yours(.storeLoaded(.success(StoreSnapshot(favorites: ["C02", "C09"], groups: groups, holdings: [])))), at: F.now)
        model.press(.character("F"), .tab)
        #expect(model.rows.map(\.symbol) == ["C02", "C09"])
        model.press(.character("f"))
        #expect(model.rows.map(\.symbol) == ["C09"])
        _ = model.handle(.yours(.storeLoaded(.success(StoreSnapshot(favorites: ["C09"], holdings: [])))), at: F.now)
        #expect(model.yours.shownGroup == nil && model.rows.map(\.symbol) == ["C09"])
    }
}
