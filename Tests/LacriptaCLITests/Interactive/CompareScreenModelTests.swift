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
}
