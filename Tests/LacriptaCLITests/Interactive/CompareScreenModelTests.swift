import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// `x` in the full-screen view: the compare screen, fed by feeds the driver opens for it.
@Suite("Interactive compare screen")
struct CompareScreenModelTests {
    typealias F = InteractiveFixtures

    private func quote(_ exchange: Exchange, bid: String, ask: String) throws -> ExchangeQuote {
        let pair = try #require(TradingPair(base: "BTC", quote: "USD"))
        return ExchangeQuote(exchange: exchange, pair: pair, bid: QuoteNumber(bid), ask: QuoteNumber(ask), last: QuoteNumber(bid))
    }

    @Test("x opens the comparison of the selected coin across four exchanges; their quotes fill the table; Esc closes the feeds")
    func opensAndCloses() throws {
        var model = F.model(coins: F.bitcoinAndEther, size: TerminalSize(columns: 110, rows: 30), live: true)
        let pair = try #require(TradingPair(base: "BTC", quote: "USD"))
        let effects = model.press(.character("x"))
        #expect(effects == [.openCompare(id: 1, pair: pair, exchanges: Exchange.compareDefaults)])
        var frame = model.plainFrame
        #expect(frame[0].contains("lacripta · compare BTC/USD · Bitcoin") && frame[0].contains("4 exchanges"))
        #expect(frame.contains { $0.hasPrefix("Coinbase") && $0.contains("connecting…") })

        let batch: [ExchangeFeedEvent] = [
            .connection(.connected), .message(.quote(try quote(.kraken, bid: "62549.1", ask: "62549.9"))),
        ]
        _ = model.handle(.compare(id: 1, .batch(.kraken, batch)), at: F.now)
        _ = model.handle(.compare(id: 1, .batch(.coinbase, [.message(.quote(try quote(.coinbase, bid: "62548.00", ask: "62550.00")))])), at: F.now)
        frame = model.plainFrame
        let kraken = try #require(frame.first { $0.hasPrefix("Kraken") })
        #expect(kraken.contains("62,549.1") && kraken.contains("● live"))
        #expect(frame.contains { $0.contains("Best bid 62,549.1 on Kraken") })

        #expect(model.press(.escape) == [.closeCompare(id: 1)])
        #expect(model.page == .toplist)
        // A batch still in flight from the closed screen changes nothing; a new screen is a new id.
        _ = model.handle(.compare(id: 1, .batch(.kraken, batch)), at: F.now)
        #expect(model.press(.character("x")) == [.openCompare(id: 2, pair: pair, exchanges: Exchange.compareDefaults)])
        _ = model.handle(.compare(id: 1, .batch(.kraken, batch)), at: F.now)
        #expect(model.plainFrame.contains { $0.hasPrefix("Kraken") && $0.contains("connecting…") })
        #expect(model.press(.character("q")) == [.quit])
    }

    @Test("q and ? still work on the compare screen; the keys are in the help")
    func helpOnCompare() {
        var model = F.model(coins: F.bitcoinAndEther, live: true)
        model.press(.character("x"), .character("?"))
        #expect(model.plainFrame.joined(separator: "\n").contains("Keys: compare"))
    }

    @Test("c cycles the chart: every exchange's mid, then each exchange's ask, bid and last in the table's order, then the mids again")
    func chartCycles() throws {
        var model = F.model(coins: F.bitcoinAndEther, size: TerminalSize(columns: 110, rows: 40), live: true)
        model.press(.character("x"))
        // Two exchanges' quotes a second apart, so each has a line to draw.
        for second in 0..<20 {
            let now = F.now.addingTimeInterval(Double(second))
            let bid = String(62_540 + second)
            let ask = String(62_542 + second)
            _ = model.handle(.compare(id: 1, .batch(.kraken, [.message(.quote(try quote(.kraken, bid: bid, ask: ask)))])), at: now)
            _ = model.handle(.compare(id: 1, .batch(.coinbase, [.message(.quote(try quote(.coinbase, bid: bid, ask: ask)))])), at: now)
        }
        // The legend is the first line with a marker: the table has none.
        func legend() -> String? { model.plainFrame.first { $0.contains("▲") } }
        #expect(legend()?.contains("● Coinbase") == true && legend()?.contains("▲ Kraken") == true)
        var legends: [String] = []
        for _ in Exchange.compareDefaults {
            model.press(.character("c"))
            legends.append(legend() ?? "")
        }
        #expect(legends[0].contains("▲ Coinbase ask") && legends[0].contains("▼ bid") && legends[0].contains("● last"))
        #expect(legends[1].contains("▲ Kraken ask"))
        // Bitstamp and Bitfinex sent nothing: their turn draws no chart, and says nothing false.
        #expect(!legends[2].contains("Coinbase ask") && !legends[2].contains("Kraken ask"))
        model.press(.character("c"))
        #expect(legend()?.contains("● Coinbase") == true, "after the last exchange, every exchange's mid again")
        #expect(model.plainFrame.joined(separator: "\n").contains("c chart"))
    }

    @Test("] compares the toplist's next coin and u the next currency in place: the old feeds closed, new ones opened, the chart's exchange kept")
    func switchesInPlace() throws {
        var model = F.model(coins: F.bitcoinAndEther, size: TerminalSize(columns: 110, rows: 40), live: true)
        let btcUSD = try #require(TradingPair(base: "BTC", quote: "USD"))
        let ethUSD = try #require(TradingPair(base: "ETH", quote: "USD"))
        #expect(model.press(.character("x")) == [.openCompare(id: 1, pair: btcUSD, exchanges: Exchange.compareDefaults)])
        model.press(.character("c"), .character("c"))  // Kraken's ask, bid and last
        #expect(model.press(.character("]")) == [.closeCompare(id: 1), .openCompare(id: 2, pair: ethUSD, exchanges: Exchange.compareDefaults)])
        #expect(model.plainFrame[0].contains("lacripta · compare ETH/USD · Ethereum"))
        guard case .compare(let page) = model.page else { Issue.record("the compare screen is shown"); return }
        #expect(page.chartFocus == .kraken)

        let currencies = model.options.currencies
        let next = currencies[((currencies.firstIndex(of: "USD") ?? -1) + 1) % currencies.count]
        let ethNext = try #require(TradingPair(base: "ETH", quote: next))
        #expect(model.press(.character("u")) == [.closeCompare(id: 2), .openCompare(id: 3, pair: ethNext, exchanges: Exchange.compareDefaults)])
        #expect(model.currency == "USD", "the view's own currency is left alone")
        // The last coin wraps to the first; Esc closes the newest feeds and leaves the toplist.
        #expect(
            model.press(.character("]")).last
                == .openCompare(id: 4, pair: try #require(TradingPair(base: "BTC", quote: next)), exchanges: Exchange.compareDefaults))
        #expect(model.press(.escape) == [.closeCompare(id: 4)])
        #expect(model.page == .toplist)
    }
}
