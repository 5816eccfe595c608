import Foundation
import Testing

@testable import LacriptaCore

/// The portfolio's value per day: what was held at each day's end times that day's close (the
/// last close carried over a day without one), and the open lots' cost.
@Suite("Portfolio history")
struct PortfolioHistoryTests {
    static let day: TimeInterval = 86_400
    static let start = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z

    static func closes(_ values: [Double?]) -> PriceHistory {
        PriceHistory(
            points: values.enumerated().compactMap { index, close in close.map { PricePoint(date: start + Double(index) * day + 3600, close: $0) } })
    }

    @Test("held × close per day, a missing close carried over, the cost of what is held, a sale lowering both")
    func valuePerDay() throws {
        let journal = try Journal(
            fileText: """
                2024-01-02T12:00:00Z buy 2 BTC @ 100 USD
                2024-01-03 buy 1 ETH @ 10 USD
                2024-01-04T23:00:00Z sell 1 BTC @ 130 USD
                """, path: "journal")
        let history = try PortfolioHistory(
            opening: [], transactions: journal.transactions, method: .fifo,
            closes: ["BTC": Self.closes([90, 110, nil, 120, 125]), "ETH": Self.closes([9, 9, 11, 12, 13])], currency: "USD", days: 5,
            today: Self.start + 4 * Self.day + 100)
        #expect(history.points.map(\.date) == (0..<5).map { Self.start + Double($0) * Self.day })
        // Day 1: nothing. Day 2: 2 × 110. Day 3: 2 × 110 (carried) + 1 × 11. Day 4: 1 × 120 + 12.
        // Day 5: 1 × 125 + 13.
        #expect(history.points.map(\.value) == [0, 220, 231, 132, 138])
        #expect(history.points.map(\.cost) == [0, 200, 210, 110, 110])
        #expect(history.unpriced.isEmpty && history.uncosted.isEmpty)
    }

    @Test("a coin without a close has no value that day and is named; opening lots count from the first day")
    func unpricedAndOpening() throws {
        let opening = [Holding(symbol: "SOL", amount: try #require(DecimalText("3")))]
        let history = try PortfolioHistory(
            opening: opening, transactions: [], method: .fifo, closes: [:], currency: "USD", days: 2, today: Self.start + Self.day)
        #expect(history.points.map(\.value) == [nil, nil])
        #expect(history.unpriced == ["SOL"] && history.uncosted == ["SOL"])
    }
}
