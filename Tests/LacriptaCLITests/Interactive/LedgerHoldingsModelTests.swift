import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The holdings screen on the ledger at 80x24: per coin what is held, its average cost and P/L,
/// realised and unrealised; under the table the selected coin's open lots, or with Tab its
/// disposals; `a` hides every amount and shows them again.
@Suite("Interactive holdings on the ledger")
struct LedgerHoldingsModelTests {
    typealias F = InteractiveFixtures

    /// C02 (at $500 on screen): 1 bought at $400, 1 at $600, 0.5 sold at $700 (FIFO: cost $200,
    /// gain $150); 1.5 left, costing $800, worth $750. C03: 2 bought at $100.
    static func book(method: CostMethod = .fifo) throws -> LedgerBook {
        let lines = [
            "2024-01-01 buy 1 C02 @ 400 USD id:b1", "2024-02-01 buy 1 C02 @ 600 USD id:b2", "2024-03-01 sell 0.5 C02 @ 700 USD id:s1",
            "2024-04-01 buy 2 C03 @ 100 USD id:b3",
        ]
        let journal = try Journal(fileText: (["version 1"] + lines).joined(separator: "\n") + "\n", path: "journal")
        return try CostBasis.book(opening: [], transactions: journal.transactions, method: method)
    }

    /// The holdings screen opened and the store read with `book`.
    static func model(book: LedgerBook, options: InteractiveOptions? = nil) -> InteractiveModel {
        var model = F.model(coins: F.coins(10), options: options)
        model.press(.character("H"))
        _ = model.handle(.yours(.storeLoaded(.success(StoreSnapshot(favorites: [], holdings: [], book: book)))), at: F.now)
        return model
    }

    @Test("each coin's amount, average cost, value and P/L, then the selected coin's open lots")
    func lots() throws {
        var model = Self.model(book: try Self.book())
        let frame = model.plainFrame
        #expect(frame.count == 24 && frame.allSatisfy { $0.count <= 80 })
        #expect(frame[0].contains("lacripta · holdings · 2 coins · USD"))
        let c02 = try #require(frame.first { $0.contains("C02") && $0.contains("1.5") })
        #expect(c02.contains("$750.00"), "1.5 × $500")
        #expect(frame.contains { $0.contains("Total") })
        #expect(frame.contains { $0.contains("Open lots of C02 (fifo)") })
        // What FIFO left: half of the first lot ($200) and the second ($600), oldest first.
        let first = try #require(frame.firstIndex { $0.contains("2024-01-01") })
        let second = try #require(frame.firstIndex { $0.contains("2024-02-01") })
        #expect(first < second)
        #expect(frame[first].contains("0.5") && frame[first].contains("$200.00"))
        model.press(.character("j"))
        #expect(model.plainFrame.contains { $0.contains("Open lots of C03 (fifo)") && !$0.contains("C02") })
        #expect(model.plainFrame.contains { $0.contains("2024-04-01") })
    }

    @Test("Tab shows the disposals with their realised gain, by the configured method")
    func realized() throws {
        var model = Self.model(book: try Self.book())
        model.press(.tab)
        let frame = model.plainFrame
        #expect(frame.contains { $0.contains("Realised on C02 (fifo)") })
        let sale = try #require(frame.first { $0.contains("2024-03-01") })
        #expect(sale.contains("$350.00") && sale.contains("150.00"), "proceeds 0.5 × $700, gain over the $200 the first lot cost")
        // HIFO takes the dearest lot: cost $300, gain $50.
        var hifo = Self.model(book: try Self.book(method: .hifo))
        hifo.press(.tab)
        #expect(hifo.plainFrame.contains { $0.contains("Realised on C02 (hifo)") })
        #expect(try #require(hifo.plainFrame.first { $0.contains("2024-03-01") }).contains("50.00"))
        // Tab again: the chart, then the lots.
        model.press(.tab, .tab)
        #expect(model.plainFrame.contains { $0.contains("Open lots of C02") })
    }

    @Test("a hides amounts, values, money P/L and the lots; a again shows them")
    func hiding() throws {
        var model = Self.model(book: try Self.book())
        model.press(.character("a"))
        let hidden = model.plainFrame
        #expect(hidden[0].contains("amounts hidden"))
        #expect(!hidden.contains { $0.contains("1.5") || $0.contains("$750") || $0.contains("$200.00") || $0.contains("2024-01-01") })
        #expect(hidden.contains { $0.contains("C02") && $0.contains("$500") }, "the price says nothing about the amount")
        model.press(.character("a"))
        #expect(model.plainFrame.contains { $0.contains("1.5") })
        var options = InteractiveOptions(currency: "USD", configured: [])
        options.hideAmounts = true
        let started = Self.model(book: try Self.book(), options: options)
        #expect(started.plainFrame[0].contains("amounts hidden"), "--hide-amounts starts the screen hidden")
    }

    /// The portfolio of `book()` over five days of closes: C02 at 450…550, C03 at 100…140.
    static func chart() throws -> PortfolioChart {
        let lines = [
            "2024-01-01 buy 1 C02 @ 400 USD id:b1", "2024-01-02 buy 1 C02 @ 600 USD id:b2", "2024-01-03 sell 0.5 C02 @ 700 USD id:s1",
            "2024-01-04 buy 2 C03 @ 100 USD id:b3",
        ]
        let journal = try Journal(fileText: (["version 1"] + lines).joined(separator: "\n") + "\n", path: "journal")
        let start = Date(timeIntervalSince1970: 1_704_067_200)
        func closes(_ values: [Double]) -> PriceHistory {
            PriceHistory(points: values.enumerated().map { PricePoint(date: start + Double($0.offset) * 86_400 + 3600, close: $0.element) })
        }
        let history = try PortfolioHistory(
            opening: [], transactions: journal.transactions, method: .fifo,
            closes: ["C02": closes([450, 480, 500, 520, 550]), "C03": closes([100, 110, 120, 130, 140])], currency: "USD", days: 5,
            today: start + 4 * 86_400)
        return PortfolioChart(history: history, currency: "USD", method: .fifo, days: 5, source: "CoinGecko")
    }

    @Test("Tab twice shows the portfolio's value over time: asked for once, loading, then drawn; a hides it")
    func chart() throws {
        var model = Self.model(book: try Self.book())
        #expect(model.press(.tab).isEmpty)
        #expect(model.press(.tab) == [.yours(.loadPortfolioChart(currency: "USD"))])
        #expect(model.plainFrame.contains { $0.contains("Value over time (fifo)") })
        #expect(model.plainFrame.contains { $0.contains("Loading the daily closes") })
        _ = model.handle(.yours(.portfolioChartLoaded(currency: "USD", .success(try Self.chart()))), at: F.now)
        let frame = model.plainFrame
        #expect(frame.count == 24 && frame.allSatisfy { $0.count <= 80 }, "\(frame.joined(separator: "\n"))")
        let title = try #require(frame.firstIndex { $0.contains("Value over time (fifo)") })
        #expect(frame[title...].contains { $0.contains("value") && $0.contains("cost") }, "the legend names both lines")
        // The highest value drawn: day 5, 1.5 × $550 + 2 × $140.
        #expect(frame[title...].contains { $0.contains("1,105") }, "\(frame.joined(separator: "\n"))")
        #expect(frame.contains { $0.contains("5 days of your portfolio's value (green) and cost basis (yellow) in USD") })
        #expect(frame.contains { $0.contains("C02") && $0.contains("1.5") }, "the table stays above the chart")
        // Tab again: back to the lots, and the chart is kept (no second request).
        #expect(model.press(.tab).isEmpty)
        #expect(model.plainFrame.contains { $0.contains("Open lots of C02") })
        _ = model.press(.tab)
        #expect(model.press(.tab).isEmpty)
        #expect(model.plainFrame.contains { $0.contains("1,105") })
        model.press(.character("a"))
        let hidden = model.plainFrame
        #expect(hidden.contains { $0.contains("Value over time: hidden with the amounts") })
        #expect(!hidden.contains { $0.contains("1,105") || $0.contains("cost basis") })
    }

    @Test("a chart that cannot load says why and that r tries again; r asks again")
    func chartFailure() throws {
        var model = Self.model(book: try Self.book())
        _ = model.press(.tab, .tab)
        _ = model.handle(.yours(.portfolioChartLoaded(currency: "USD", .failure(.unavailable("the source is down")))), at: F.now)
        #expect(model.plainFrame.contains { $0.contains("No chart:") && $0.contains("the source is down") })
        #expect(model.plainFrame.contains { $0.contains("Press r to try again") })
        #expect(model.press(.character("r")) == [.yours(.loadStore), .yours(.loadPortfolioChart(currency: "USD"))])
    }

    @Test("an empty ledger says how to record a buy; the footer names Tab and a")
    func emptyAndHints() throws {
        let empty = Self.model(book: try CostBasis.book(opening: [], transactions: [], method: .fifo))
        #expect(empty.plainFrame.contains { $0.contains("No holdings yet: record one with `lacripta holdings buy") })
        var wide = F.model(coins: F.coins(10), size: TerminalSize(columns: 160, rows: 40))
        wide.press(.character("H"))
        let footer = wide.plainFrame[39]
        #expect(footer.contains("Tab lots/realised") && footer.contains("a hide"), "\(footer)")
    }
}
