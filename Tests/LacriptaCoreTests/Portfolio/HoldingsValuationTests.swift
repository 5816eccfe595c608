import Foundation
import Testing

@testable import LacriptaCore

/// Valuing holdings: exact decimals in, value, share and P/L out; no P/L made up across currencies.
@Suite("Holdings valuation")
struct HoldingsValuationTests {
    private func decimal(_ text: String) throws -> DecimalText { try #require(DecimalText(text)) }

    @Test("0.1 and 0.2 of a coin are worth exactly 0.3 of its price; shares add up to 100")
    func exactValues() throws {
        let holdings = [
            Holding(symbol: "BTC", amount: try decimal("0.1")), Holding(symbol: "ETH", amount: try decimal("0.2")),
        ]
        let valuation = HoldingsValuation(holdings: holdings, prices: ["BTC": 10, "ETH": 10], currency: "USD")
        #expect(valuation.totalValue == Decimal(string: "3"))
        #expect(valuation.lines.map(\.value) == [Decimal(1), Decimal(2)])
        #expect(valuation.lines.map(\.holding.amount.text) == ["0.1", "0.2"])
        let shares = valuation.lines.compactMap(\.sharePercent)
        #expect(abs(shares[0] - 100.0 / 3) < 1e-9 && abs(shares.reduce(0, +) - 100) < 1e-9)
        #expect(valuation.totalProfit == nil && valuation.totalCost == nil)
    }

    @Test("a cost in the same currency gives P/L in money and percent, per coin and in total")
    func profit() throws {
        let holdings = [
            Holding(symbol: "BTC", amount: try decimal("0.5"), cost: (try decimal("30000"), "USD")),
            Holding(symbol: "ETH", amount: try decimal("2"), cost: (try decimal("2500"), "USD")),
        ]
        let valuation = HoldingsValuation(holdings: holdings, prices: ["BTC": 60000.5, "ETH": 2000], currency: "usd")
        #expect(valuation.lines[0].profit == Decimal(string: "15000.25"))
        #expect(valuation.lines[0].profitPercent.map { abs($0 - 100.001666) < 1e-4 } == true)
        #expect(valuation.lines[1].profit == Decimal(-1000))
        #expect(valuation.lines[1].profitPercent == -20)
        #expect(valuation.totalCost == Decimal(20000))
        #expect(valuation.totalProfit == Decimal(string: "14000.25"))
    }

    @Test("a cost recorded in another currency is refused, not converted: no P/L for that coin, and it says which currency")
    func otherCurrency() throws {
        let holdings = [
            Holding(symbol: "BTC", amount: try decimal("1"), cost: (try decimal("20000"), "EUR")),
            Holding(symbol: "ETH", amount: try decimal("1"), cost: (try decimal("1000"), "USD")),
        ]
        let valuation = HoldingsValuation(holdings: holdings, prices: ["BTC": 50000, "ETH": 1500], currency: "USD")
        #expect(valuation.lines[0].costCurrencyMismatch == "EUR")
        #expect(valuation.lines[0].profit == nil && valuation.lines[0].cost == nil && valuation.lines[0].value == 50000)
        #expect(valuation.totalProfit == 500 && valuation.totalCost == 1000)
    }

    @Test("a coin without a price has no value and no share; the others still add up")
    func missingPrice() throws {
        let holdings = [Holding(symbol: "BTC", amount: try decimal("1")), Holding(symbol: "NOPE", amount: try decimal("5"))]
        let valuation = HoldingsValuation(holdings: holdings, prices: ["BTC": 100, "X": .nan], currency: "USD")
        #expect(valuation.lines[1].value == nil && valuation.lines[1].sharePercent == nil)
        #expect(valuation.lines[0].sharePercent == 100)
        #expect(valuation.totalValue == 100)
    }

    @Test(
        "a price or an amount whose value does not fit in a Decimal is missing: never NaN, and the rest still adds up",
        arguments: [(price: 1e200, amount: "1"), (price: 1.7e308, amount: "1"), (price: 1e140, amount: String(repeating: "9", count: 30))])
    func figuresThatDoNotFit(price: Double, amount: String) throws {
        let holdings = [
            Holding(symbol: "ZQ", amount: try decimal(amount), cost: (try decimal("1"), "USD")),
            Holding(symbol: "BTC", amount: try decimal("0.5"), cost: (try decimal("30000"), "USD")),
        ]
        let valuation = HoldingsValuation(holdings: holdings, prices: ["ZQ": price, "BTC": 60000], currency: "USD")
        let absurd = valuation.lines[0]
        #expect(absurd.value == nil && absurd.sharePercent == nil && absurd.profit == nil && absurd.profitPercent == nil)
        #expect(absurd.price.map { !$0.isNaN } ?? true)
        #expect(valuation.lines[1].value == Decimal(30000) && valuation.lines[1].sharePercent == 100)
        #expect(valuation.totalValue == Decimal(30000))
        #expect(valuation.totalProfit == Decimal(15000) && valuation.totalProfitPercent == 100)
    }
}
