import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive add coin: search every coin as you type, Enter stars it and jumps to it")
struct AddCoinModelTests {
    typealias F = InteractiveFixtures
    typealias Y = YourCoinsFixtures

    /// A model with the search open over `Y.coinList`.
    static func searching(coins: Int = 50) -> InteractiveModel {
        var model = Y.model(coins: coins)
        _ = model.press(.character("a"))
        _ = model.handle(.yours(.coinListLoaded(.success(Fetched(value: Y.coinList, fetchedAt: F.now)))), at: F.now)
        return model
    }

    @Test("a loads the coin list once; typing waits for the debounce, then searches without a request")
    func debounced() throws {
        var model = Y.model()
        #expect(model.press(.character("a")) == [.yours(.fetchCoinList(currency: "USD"))])
        #expect(model.plainFrame.contains { $0.contains("Loading the list of every coin") })
        _ = model.handle(.yours(.coinListLoaded(.success(Fetched(value: Y.coinList, fetchedAt: F.now)))), at: F.now)
        #expect(model.type("ze") == [.yours(.debounceSearch(generation: 1)), .yours(.debounceSearch(generation: 2))])
        let before = try #require(model.addCoinPage)
        #expect(before.results.isEmpty, "nothing searched per key")
        #expect(model.handle(.yours(.searchDue(generation: 1)), at: F.now).isEmpty)
        let stale = try #require(model.addCoinPage)
        #expect(stale.results.isEmpty, "an older debounce does nothing")
        _ = model.handle(.yours(.searchDue(generation: 2)), at: F.now)
        let after = try #require(model.addCoinPage)
        #expect(after.results.map(\.coin.id) == ["zebra-classic", "zebra"], "both start with ze; the shorter name first")
        // A second `a` reuses the list.
        model.press(.escape)
        #expect(model.press(.character("a")).isEmpty)
    }

    @Test("a pasted query is one edit; q and ? are letters while typing")
    func pasteAndLetters() throws {
        var model = Self.searching()
        let effects = model.handle(.keys([.character("q"), .character("?"), .character("z")]), at: F.now)
        #expect(effects == [.yours(.debounceSearch(generation: 1))])
        let search = try #require(model.addCoinPage)
        #expect(search.editor.text == "q?z")
    }

    @Test("results are sanitised and say when a ticker is shared; ★ marks favourites")
    func results() throws {
        var model = Self.searching()
        model.type("zeb")
        let search = try #require(model.addCoinPage)
        _ = model.handle(.yours(.searchDue(generation: search.generation)), at: F.now)
        let frame = model.plainFrame
        #expect(frame.contains { $0.contains("ZEB") && $0.contains("Zebra") && $0.contains("Token") && $0.contains("ticker shared by 2") })
        #expect(!frame.joined().contains("\u{1B}"))
        #expect(frame[0].contains("4 coins"))
        #expect(frame[23].contains("Add coin: zeb"))
    }

    @Test("Enter on a coin outside the toplist stars it and shows the favourites, selected and priced by one request")
    func addOutsideToplist() throws {
        var model = Self.searching()
        model.type("zus")
        let effects = model.press(.enter)
        #expect(effects == [.yours(.writeFavorite(FavoriteWrite(symbol: "ZCN", on: true))), .yours(.fetchQuotes(symbols: ["ZCN"], currency: "USD"))])
        #expect(model.page == .toplist && model.yours.favoritesOnly)
        #expect(model.selectedCoin?.symbol == "ZCN" && model.selectedCoin?.name == "Zus")
        #expect(model.plainFrame[0].contains("lacripta · favourites"))
    }

    @Test("Enter on a coin in the toplist stars it and selects its row, clearing a filter that hid it")
    func addInsideToplist() throws {
        var model = Y.model()
        model.press(.character("/"))
        model.type("C1")
        model.press(.enter)
        _ = model.press(.character("a"))
        _ = model.handle(.yours(.coinListLoaded(.success(Fetched(value: Y.coinList, fetchedAt: F.now)))), at: F.now)
        model.type("coin 3")
        let search = try #require(model.addCoinPage)
        _ = model.handle(.yours(.searchDue(generation: search.generation)), at: F.now)
        #expect(model.press(.enter) == [.yours(.writeFavorite(FavoriteWrite(symbol: "C03", on: true)))])
        #expect(model.page == .toplist && !model.yours.favoritesOnly && model.filter.isEmpty)
        #expect(model.selectedCoin?.symbol == "C03" && model.yours.favorites == ["C03"])
    }

    @Test("a coin already starred is not written again; Esc leaves without adding")
    func alreadyAndCancel() throws {
        var model = Y.model(favorites: ["C03"])
        _ = model.press(.character("a"))
        _ = model.handle(.yours(.coinListLoaded(.success(Fetched(value: Y.coinList, fetchedAt: F.now)))), at: F.now)
        model.type("c03")
        #expect(model.press(.enter).isEmpty)
        #expect(model.notice == "C03 is already one of your favourites")
        _ = model.press(.character("a"))
        model.type("zus")
        #expect(model.press(.escape).isEmpty)
        #expect(model.page == .toplist && model.yours.favorites == ["C03"])
    }

    @Test("a coin list that cannot be loaded says why")
    func listFailure() throws {
        var model = Y.model()
        _ = model.press(.character("a"))
        _ = model.handle(.yours(.coinListLoaded(.failure(.unavailable("cannot connect to 127.0.0.1:9")))), at: F.now)
        #expect(model.plainFrame.contains { $0.contains("The coin list could not be loaded") && $0.contains("127.0.0.1:9") })
    }
}
