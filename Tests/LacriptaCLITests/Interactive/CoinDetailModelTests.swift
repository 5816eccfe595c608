import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive coin detail: figures, chart, 1/3/y ranges, star, news, live")
struct CoinDetailModelTests {
    typealias F = InteractiveFixtures
    typealias Y = YourCoinsFixtures

    /// A model with C07's detail open and its 30 days loaded.
    static func opened(size: TerminalSize = F.size) -> InteractiveModel {
        var model = Y.model(size: size)
        model.press(.character("g"))
        for _ in 0..<6 { model.press(.down) }
        _ = model.press(.character("i"))
        _ = model.handle(.yours(.coinLoaded(symbol: "C07", currency: "USD", .success(Y.load()))), at: F.now)
        return model
    }

    @Test("i opens the selected coin's detail: loading first, then the figures and the chart")
    func opens() {
        var model = Y.model()
        model.press(.down)
        #expect(model.press(.character("i")) == [.yours(.fetchCoin(symbol: "C02", id: nil, currency: "USD", range: .month))])
        #expect(model.plainFrame.contains { $0.contains("Loading C02…") })
        let model2 = Self.opened()
        let frame = model2.plainFrame
        #expect(frame[0].contains("lacripta · coin · Coin 7 (C07) · USD") && frame[0].contains("[30d] 90d 365d"))
        #expect(frame.contains { $0.contains("Price") && $0.contains("$142.86") })
        #expect(frame.contains { $0.contains("Market cap") && $0.contains("(#7)") })
        #expect(frame.contains { $0.contains("30 days of daily closes in USD") })
        #expect(frame.contains { $0.contains("high $129") && $0.contains("low $100") })
        #expect(frame.contains { line in line.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }, "braille by default")
    }

    @Test("3 and y fetch 90 and 365 days with a loading state; 1 goes back to 30 at once, no request")
    func ranges() {
        var model = Self.opened()
        #expect(model.press(.character("3")) == [.yours(.fetchHistory(symbol: "C07", id: "coin-7", currency: "USD", range: .quarter))])
        #expect(model.plainFrame.contains { $0.contains("Loading 90 days of prices…") })
        #expect(model.plainFrame[0].contains("30d [90d] 365d"))
        _ = model.handle(
            .yours(.historyLoaded(symbol: "C07", currency: "USD", range: .quarter, .success(Fetched(value: Y.series(.quarter), fetchedAt: F.now)))),
            at: F.now)
        #expect(model.plainFrame.contains { $0.contains("90 days of daily closes") && !$0.contains("Loading") })
        #expect(model.press(.character("y")) == [.yours(.fetchHistory(symbol: "C07", id: "coin-7", currency: "USD", range: .year))])
        #expect(model.press(.character("y")).isEmpty, "no second request while one is out")
        #expect(model.press(.character("1")).isEmpty)
        #expect(model.plainFrame.contains { $0.contains("30 days of daily closes") })
        #expect(model.press(.character("3")).isEmpty, "90 days were fetched already")
    }

    @Test("a range chosen before the detail answered is fetched when it does")
    func rangeBeforeDetail() {
        var model = Y.model()
        _ = model.press(.character("i"))
        #expect(model.press(.character("y")).isEmpty)
        let answered = model.handle(.yours(.coinLoaded(symbol: "C01", currency: "USD", .success(Y.load(symbol: "C01")))), at: F.now)
        #expect(answered == [.yours(.fetchHistory(symbol: "C01", id: "coin-7", currency: "USD", range: .year))])
    }

    @Test("a failed range keeps the figures and says why")
    func rangeFailure() {
        var model = Self.opened()
        model.press(.character("3"))
        _ = model.handle(
            .yours(.historyLoaded(symbol: "C07", currency: "USD", range: .quarter, .failure(.unavailable("cannot connect to 127.0.0.1:9")))),
            at: F.now)
        let frame = model.plainFrame
        #expect(frame.contains { $0.contains("$142.86") })
        #expect(frame.contains { $0.contains("No prices for 90 days") })
        #expect(frame[22].contains("127.0.0.1:9"))
    }

    @Test("f stars the coin from its detail, n opens its news, l its live detail, Esc goes back")
    func keys() {
        var model = Self.opened()
        #expect(model.press(.character("f")) == [.yours(.writeFavorite(FavoriteWrite(symbol: "C07", on: true)))])
        #expect(model.plainFrame[0].contains("Coin 7 (C07) ★"))
        #expect(model.press(.character("n")) == [.fetchNews(symbol: "C07")])
        #expect(model.plainFrame[0].contains("news · C07"))
        model.press(.escape)
        model.press(.character("l"))
        if case .live(let live) = model.page { #expect(live.symbol == "C07") } else { Issue.record("expected the live detail") }
        model.press(.escape)
        model.press(.escape)
        #expect(model.page == .toplist)
    }

    @Test("the chart is redrawn to the window: beside the figures when wide, under them when narrow")
    func resize() {
        var model = Self.opened(size: TerminalSize(columns: 160, rows: 40))
        let wide = model.plainFrame
        let priceRow = wide.first { $0.contains("Price") } ?? ""
        #expect(priceRow.contains("$142.86") && priceRow.contains("┤"), "the chart's top row beside the price")
        #expect(wide.allSatisfy { DisplayWidth.width(of: $0) <= 160 })
        _ = model.handle(.resize(TerminalSize(columns: 60, rows: 30)), at: F.now)
        let narrow = model.plainFrame
        #expect(narrow.count == 30 && narrow.allSatisfy { DisplayWidth.width(of: $0) <= 60 })
        #expect(narrow.contains { $0.contains("high $129") })
        _ = model.handle(.resize(TerminalSize(columns: 60, rows: 14)), at: F.now)
        #expect(model.plainFrame.contains { $0.contains("no room for the chart") })
    }

    @Test("blocks instead of braille when the locale is not UTF-8")
    func blocks() {
        let model = Self.opened()
        let frame = InteractiveRenderer(colorEnabled: false, chartMode: .blocks).frame(model).map(\.plainText)
        #expect(!frame.contains { line in line.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } })
        #expect(frame.contains { $0.contains("▀") || $0.contains("▄") || $0.contains("█") })
    }
}
