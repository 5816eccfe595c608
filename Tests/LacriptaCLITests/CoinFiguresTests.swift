import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// What `lacripta coin` shows for a coin: the rows a source's figures make, and what is left out
/// when a source lacks a figure.
@Suite("coin figures")
struct CoinFiguresTests {
    private static let day: TimeInterval = 86_400
    private static let start = Date(timeIntervalSince1970: 1_767_225_600)

    private func history(_ closes: [Double]) -> PriceHistory {
        PriceHistory(
            points: closes.enumerated().map { PricePoint(date: Self.start.addingTimeInterval(Double($0.offset) * Self.day), close: $0.element) })
    }

    /// A CoinGecko-like detail with every figure.
    private var full: CoinDetail {
        CoinDetail(
            id: "ethereum", symbol: "ETH", name: "Ethereum", marketCapRank: 2,
            quote: Quote(
                currency: "USD", price: 2694.15, change24h: -28.6, changePercent24h: -1.05, changePercentHour: -0.39, volume24h: 18.0e9,
                marketCap: 324.8e9, high24h: 2724.21, low24h: 2619.67),
            allTimeHigh: PriceRecord(price: 4878.26, date: Date(timeIntervalSince1970: 1_636_554_259), changePercent: -44.66),
            allTimeLow: PriceRecord(price: 0.433, date: Date(timeIntervalSince1970: 1_445_299_200), changePercent: 623_432.42),
            changePercent7d: -0.95, circulatingSupply: 120.5e6, totalSupply: 120.5e6, maxSupplyIsInfinite: true)
    }

    private func plain(_ figures: CoinFigures) -> [String: String] {
        Dictionary(uniqueKeysWithValues: figures.rows.map { ($0.label, $0.value.plainText) })
    }

    @Test("every figure a source has, in reading order, records with their dates and distance")
    func fullDetail() {
        let figures = CoinFigures(detail: full, history: history([2000, 2100, 2200]), days: 30)
        #expect(figures.title == "Ethereum (ETH)")
        #expect(
            figures.rows.map(\.label) == [
                "Price", "Change 1h", "Change 24h", "Change 7d", "Change 30d", "24h high / low", "Market cap", "Volume 24h", "Supply",
                "All-time high", "All-time low",
            ])
        let rows = plain(figures)
        #expect(rows["Price"] == "$2,694.15")
        #expect(rows["Change 30d"] == "▲ +10.00%")
        #expect(rows["24h high / low"] == "$2,724.21 / $2,619.67")
        #expect(rows["Market cap"] == "$324.8B (#2)")
        #expect(rows["Supply"] == "120.5M circulating / 120.5M total / no max")
        #expect(rows["All-time high"] == "$4,878.26 on 2021-11-10 (▼ -44.66%)")
        #expect(figures.rows.first { $0.label == "Change 30d" }?.value.segments.first?.style == .positive)
    }

    @Test("what CryptoCompare lacks (7d change, records, cap) is left out, not shown as dashes; a falling range is red")
    func sparseDetail() {
        var detail = full
        detail.allTimeHigh = nil
        detail.allTimeLow = nil
        detail.changePercent7d = nil
        detail.maxSupplyIsInfinite = nil
        detail.marketCapRank = nil
        let figures = CoinFigures(detail: detail, history: history([100, 90]), days: 90)
        let rows = plain(figures)
        #expect(rows["All-time high"] == nil && rows["All-time low"] == nil && rows["Change 7d"] == nil)
        #expect(rows["Supply"] == "120.5M circulating / 120.5M total")
        #expect(rows["Market cap"] == "$324.8B")
        #expect(rows["Change 90d"] == "▼ -10.00%")
    }

    @Test("no range change from one close or from a zero first close")
    func rangeChangeNeedsTwoCloses() {
        #expect(CoinFigures(detail: full, history: history([5]), days: 30).rangeChangePercent == nil)
        #expect(CoinFigures(detail: full, history: history([0, 5]), days: 30).rangeChangePercent == nil)
        #expect(CoinFigures(detail: full, history: history([]), days: 30).rows.allSatisfy { $0.label != "Change 30d" })
    }

    @Test("a name from the service is sanitised in the title and the JSON")
    func hostileName() throws {
        var detail = full
        detail.name = "Evil\u{1B}[31mCoin"
        let figures = CoinFigures(detail: detail, history: history([1, 2]), days: 30)
        #expect(!figures.title.contains("\u{1B}"))
        let json = try CoinPresenter(figures: figures, source: "CoinGecko").json()
        #expect(!json.contains("\\u001b") && !json.contains("\u{1B}"))
    }

    @Test("a terminal too small for the chart gets the figures and one line saying so")
    func tooSmall() {
        let presenter = CoinPresenter(figures: CoinFigures(detail: full, history: history([1, 2, 3]), days: 30), source: "CoinGecko")
        let lines = presenter.terminalLines(size: TerminalSize(columns: 12, rows: 10), mode: .braille).map(\.plainText)
        #expect(lines.contains { $0.hasPrefix("(no room for the chart: it needs ") })
        #expect(lines.last == "30 days of daily closes in USD, from CoinGecko")
    }
}
