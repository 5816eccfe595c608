import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The coin detail's whole-history range (m) and its line/candles toggle (c): what each key asks
/// the driver for, what the screen says while it waits, and what it draws once answered.
@Suite("Interactive coin detail: max and candles")
struct CoinDetailChartKindTests {
    typealias F = InteractiveFixtures
    typealias Y = YourCoinsFixtures

    /// C07's 30 days as the detail's candle request names them.
    private static func request(_ range: ChartRange) -> CandleRequest {
        CandleRequest(symbol: "C07", id: "coin-7", name: "Coin 7", currency: "USD", range: range)
    }

    /// `count` candles `width` apart ending at the fixtures' now, alternately up and down, from `source`.
    private static func answer(count: Int, width: SeriesInterval, source: String = "Kraken", volume: Bool = true) -> CandleChain.Answer {
        let candles = (0..<count).map { index in
            let open = 100 + Double(index % 13)
            let close = index.isMultiple(of: 2) ? open + 3 : open - 3
            return Candle(
                time: F.now.addingTimeInterval(-Double((count - 1 - index) * width.seconds)), open: open, high: max(open, close) + 1,
                low: min(open, close) - 1, close: close, volume: volume ? Double(10 + index % 7) : nil)
        }
        let series = CandleSeries(candles: candles, interval: width, source: source, market: source == "Kraken" ? "C07/USD" : nil)
        return CandleChain.Answer(series: Fetched(value: series, fetchedAt: F.now))
    }

    private func page(_ model: InteractiveModel) throws -> CoinDetailPage {
        guard case .coin(let page) = model.page else { throw Failure("expected the coin detail") }
        return page
    }

    @Test("m fetches the whole history once; the title marks max and the chart says where the source stops")
    func maxRange() {
        var model = CoinDetailModelTests.opened()
        #expect(model.press(.character("m")) == [.yours(.fetchHistory(symbol: "C07", id: "coin-7", currency: "USD", range: .max))])
        #expect(model.plainFrame[0].contains("30d 90d 365d [max]"))
        #expect(model.plainFrame.contains { $0.contains("Loading the whole history of prices…") })
        #expect(model.press(.character("m")).isEmpty, "no second request while one is out")
        let limit = "CoinGecko's public API gives 365 days; older history needs a CryptoCompare key"
        let all = PriceSeries(history: Y.history(days: 365), interval: .day, range: .max, limit: limit)
        _ = model.handle(
            .yours(.historyLoaded(symbol: "C07", currency: "USD", range: .max, .success(Fetched(value: all, fetchedAt: F.now)))), at: F.now)
        let frame = model.plainFrame
        #expect(frame.contains { $0.contains("all history since 2023-03-22 of daily closes in USD") })
        #expect(frame.contains { $0.contains("history stops there: CoinGecko's public API gives 365 days") })
        #expect(frame.contains { $0.contains("Change all") })
        #expect(model.press(.character("1")).isEmpty && model.press(.character("m")).isEmpty, "both ranges fetched already")
    }

    @Test("c shows candles: asked of the chain for the range, drawn hollow and filled, the line naming source, market and width")
    func candles() throws {
        var model = CoinDetailModelTests.opened()
        #expect(model.press(.character("c")) == [.yours(.fetchCandles(Self.request(.month)))])
        #expect(model.plainFrame[0].contains("candles · 1d 7d [30d] 90d 365d max"))
        #expect(model.plainFrame.contains { $0.contains("Loading 30 days of candles…") })
        #expect(model.press(.character("c"), .character("c")).isEmpty, "back to the line (fetched), then candles still on their way")
        _ = model.handle(.yours(.candlesLoaded(Self.request(.month), .success(Self.answer(count: 180, width: .fourHours)))), at: F.now)
        let frame = model.plainFrame
        #expect(frame.contains { $0.contains("║") } && frame.contains { $0.contains("█") })
        #expect(frame.contains { $0.contains("4-hour candles of C07/USD from Kraken") })
        #expect(frame.allSatisfy { DisplayWidth.width(of: $0) <= 80 } && frame.count == 24)
        #expect(try page(model).kind == .candles)
        // Another range keeps candles; the line of that range is fetched only when asked for.
        #expect(model.press(.character("3")) == [.yours(.fetchCandles(Self.request(.quarter)))])
        #expect(model.press(.character("c")) == [.yours(.fetchHistory(symbol: "C07", id: "coin-7", currency: "USD", range: .quarter))])
        #expect(model.press(.character("c")).isEmpty, "90 days of candles are on their way")
    }

    @Test("a tall window gets volume bars under the candles; a source without volume draws none")
    func volume() {
        var model = CoinDetailModelTests.opened(size: TerminalSize(columns: 200, rows: 60))
        model.press(.character("c"))
        _ = model.handle(.yours(.candlesLoaded(Self.request(.month), .success(Self.answer(count: 180, width: .fourHours)))), at: F.now)
        let frame = model.plainFrame
        #expect(frame.contains { $0.contains("180 4-hour candles of C07/USD from Kraken, with volume") })
        #expect(frame.contains { $0.contains("▁") || $0.contains("▄") || $0.contains("▇") })
        #expect(frame.allSatisfy { DisplayWidth.width(of: $0) <= 200 })
        model.press(.character("3"))
        let coarse = Self.answer(count: 23, width: .fourDays, source: "CoinGecko", volume: false)
        _ = model.handle(.yours(.candlesLoaded(Self.request(.quarter), .success(coarse))), at: F.now)
        #expect(model.plainFrame.contains { $0.contains("23 4-day candles in USD from CoinGecko") && !$0.contains("volume") })
    }

    @Test("no candles anywhere: the figures stay, the chart says so and the status row why; a note names an exchange passed over")
    func failures() {
        var model = CoinDetailModelTests.opened()
        model.press(.character("c"))
        let failure = LacriptaError.unknownSymbol("C07", detail: "no candles for it in USD")
        _ = model.handle(.yours(.candlesLoaded(Self.request(.month), .failure(failure))), at: F.now)
        var frame = model.plainFrame
        #expect(frame.contains { $0.contains("$142.86") })
        #expect(frame.contains { $0.contains("No candles for 30 days. Press r to try again.") })
        #expect(frame[22].contains("C07: no candles"))
        model.press(.character("3"))
        var passedOver = Self.answer(count: 90, width: .day, source: "Coinbase")
        passedOver.notes = ["Kraken passed over: cannot connect to 127.0.0.1:9"]
        _ = model.handle(.yours(.candlesLoaded(Self.request(.quarter), .success(passedOver))), at: F.now)
        frame = model.plainFrame
        #expect(frame.contains { $0.contains("90 daily candles in USD from Coinbase") })
        #expect(frame[22].contains("Kraken passed over"))
    }

    @Test("r reloads the figures, then the candles shown, from scratch")
    func refresh() {
        var model = CoinDetailModelTests.opened()
        model.press(.character("c"))
        _ = model.handle(.yours(.candlesLoaded(Self.request(.month), .success(Self.answer(count: 180, width: .fourHours)))), at: F.now)
        #expect(model.press(.character("r")) == [.yours(.fetchCoin(symbol: "C07", id: "coin-7", currency: "USD", range: .month))])
        #expect(model.press(.character("r")).isEmpty, "one reload at a time")
        let answered = model.handle(.yours(.coinLoaded(symbol: "C07", currency: "USD", .success(Y.load()))), at: F.now)
        #expect(answered == [.yours(.fetchCandles(Self.request(.month)))])
    }

    @Test("m and c are rebindable and the ? help names them")
    func keys() throws {
        let (keymap, clashes) = Keymap.build([.rangeMax: [.character("M")], .candles: [.character("K")]])
        try #require(clashes.isEmpty)
        var options = InteractiveOptions(currency: "USD", configured: ["USD"])
        options.keymap = keymap
        var model = F.model(coins: F.coins(50), options: options)
        model.press(.character("i"))
        _ = model.handle(.yours(.coinLoaded(symbol: "C01", currency: "USD", .success(Y.load(symbol: "C01")))), at: F.now)
        #expect(model.press(.character("m"), .character("c")).isEmpty, "the replaced keys do nothing")
        guard case .yours(.fetchCandles(let month)) = model.press(.character("K")).first else { throw Failure("expected candles") }
        #expect(month.symbol == "C01" && month.range == .month)
        guard case .yours(.fetchCandles(let all)) = model.press(.character("M")).first else { throw Failure("expected candles") }
        #expect(all.range == .max)
        #expect(model.plainFrame[23].contains("K line/candles") && model.plainFrame[23].contains("Esc back"), "back fits at 80 columns")
        model.press(.character("?"))
        let help = model.plainFrame
        #expect(help.contains { $0.contains("M") && $0.contains("chart of the whole history") })
        #expect(help.contains { $0.contains("K") && $0.contains("line or candles") })
    }

    /// A test stopped by a page or an effect other than the one expected.
    private struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
