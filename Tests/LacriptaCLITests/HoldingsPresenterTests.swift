import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The holdings table as a person reads it: digits as typed, the total at the bottom, and with
/// amounts hidden nothing that tells the size of the holdings.
@Suite("Holdings presenter")
struct HoldingsPresenterTests {
    private func valuation() throws -> HoldingsValuation {
        let holdings = [
            Holding(symbol: "BTC", amount: try #require(DecimalText("0.10")), cost: (try #require(DecimalText("30000")), "USD")),
            Holding(symbol: "ETH", amount: try #require(DecimalText("2")), cost: (try #require(DecimalText("1500")), "EUR")),
        ]
        return HoldingsValuation(holdings: holdings, prices: ["BTC": 60000, "ETH": 3000], currency: "USD")
    }

    @Test("every column, the user's digits, P/L where the cost is in USD, the total last")
    func table() throws {
        let lines = HoldingsPresenter(valuation: try valuation(), hideAmounts: false, source: "CoinGecko").table(width: 120).map(\.plainText)
        #expect(lines.count == 4)
        #expect(
            lines[0].split(separator: " ", omittingEmptySubsequences: true) == ["Symbol", "Amount", "Price", "Value", "Share", "P/L", "P/L", "%"])
        #expect(lines[1].contains("0.10") && lines[1].contains("$6,000.00") && lines[1].contains("50.0%") && lines[1].contains("▲ +$3,000.00"))
        #expect(lines[1].contains("▲ +100.00%"))
        #expect(lines[2].contains("cost in EUR") && lines[2].contains("$6,000.00"))
        #expect(lines[3].hasPrefix("Total") && lines[3].contains("$12,000.00") && lines[3].contains("100.0%"))
    }

    @Test("hidden amounts: symbol, price, share and P/L % only, in the table and the JSON")
    func hidden() throws {
        let presenter = HoldingsPresenter(valuation: try valuation(), hideAmounts: true, source: "CoinGecko")
        let text = presenter.table(width: 120).map(\.plainText).joined(separator: "\n")
        #expect(!text.contains("0.10") && !text.contains("6,000") && !text.contains("12,000") && !text.contains("Value"))
        #expect(text.contains("$60,000.00") && text.contains("50.0%") && text.contains("▲ +100.00%"))
        let json = try presenter.json()
        #expect(json.contains("\"amountsHidden\" : true") && !json.contains("0.10") && !json.contains("12000"))
        #expect(!json.contains("\"value\" : 6000") && json.contains("\"value\" : null"))
        #expect(
            presenter.notes == [
                "no P/L for ETH: its cost is recorded in EUR, prices are in USD (lacripta converts no costs; use --currency EUR)"
            ])
    }

    @Test("a price of 1e200 shows dashes for that coin; the table and the JSON read as if it had no price")
    func priceThatDoesNotFit() throws {
        let holdings = [
            Holding(symbol: "ZQ", amount: try #require(DecimalText("1")), cost: (try #require(DecimalText("2")), "USD")),
            Holding(symbol: "BTC", amount: try #require(DecimalText("0.10")), cost: (try #require(DecimalText("30000")), "USD")),
        ]
        let valuation = HoldingsValuation(holdings: holdings, prices: ["ZQ": 1e200, "BTC": 60000], currency: "USD")
        let presenter = HoldingsPresenter(valuation: valuation, hideAmounts: false, source: "CoinGecko")
        let text = presenter.table(width: 120).map(\.plainText).joined(separator: "\n")
        #expect(!text.lowercased().contains("nan"))
        #expect(text.contains("$6,000.00") && text.contains("100.0%") && text.contains("▲ +$3,000.00"))
        let json = try presenter.json()
        #expect(!json.lowercased().contains("nan"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let total = try #require(object["total"] as? [String: Any])
        #expect((total["value"] as? NSNumber)?.doubleValue == 6000)
    }
}
