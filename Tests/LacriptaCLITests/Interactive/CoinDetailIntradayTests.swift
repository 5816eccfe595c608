import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The coin detail's intraday ranges: d shows a day of five-minute prices with the hours under the
/// chart, w a week of hourly ones, each fetched once and named in the caption.
@Suite("Interactive coin detail: a day and a week")
struct CoinDetailIntradayTests {
    typealias F = InteractiveFixtures

    /// `count` points `step` seconds apart ending at the fixtures' now, rising.
    private func series(count: Int, step: Int, range: ChartRange) -> PriceSeries {
        let history = PriceHistory(
            points: (0..<count).map {
                PricePoint(date: F.now.addingTimeInterval(-Double(count - 1 - $0) * Double(step)), close: 100 + Double($0 % 17))
            })
        return PriceSeries(history: history, interval: SeriesInterval(seconds: step), range: range)
    }

    @Test("d fetches one day, the range bar marks it, the chart has hours under it and says 5-minute prices")
    func day() {
        var model = CoinDetailModelTests.opened()
        #expect(model.press(.character("d")) == [.yours(.fetchHistory(symbol: "C07", id: "coin-7", currency: "USD", range: .day))])
        #expect(model.plainFrame[0].contains("[1d] 7d 30d 90d 365d"))
        _ = model.handle(
            .yours(
                .historyLoaded(
                    symbol: "C07", currency: "USD", range: .day,
                    .success(Fetched(value: series(count: 288, step: 300, range: .day), fetchedAt: F.now)))),
            at: F.now)
        let frame = model.plainFrame
        #expect(frame.contains { $0.contains("1 day of 5-minute prices in USD") })
        #expect(frame.contains { $0.contains(":00") && $0.contains("  ") && !$0.contains("$") })
        #expect(model.press(.character("w")) == [.yours(.fetchHistory(symbol: "C07", id: "coin-7", currency: "USD", range: .week))])
        _ = model.handle(
            .yours(
                .historyLoaded(
                    symbol: "C07", currency: "USD", range: .week,
                    .success(Fetched(value: series(count: 168, step: 3600, range: .week), fetchedAt: F.now)))),
            at: F.now)
        #expect(model.plainFrame.contains { $0.contains("7 days of hourly prices in USD") })
        #expect(model.press(.character("d")).isEmpty, "a day was fetched already")
    }
}
