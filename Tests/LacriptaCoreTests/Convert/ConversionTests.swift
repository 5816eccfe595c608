import Foundation
import LacriptaCore
import Testing

/// `convert`'s arithmetic: exact decimals through a sum of different coins and a currency, and
/// the answer shown to the digits its unit is read in.
@Suite("Conversion arithmetic and display")
struct ConversionTests {
    private func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan }

    @Test("a sum whose parts come from different coins and a currency, exact to the last digit")
    func mixedSum() throws {
        let expression = try ConversionExpression.parse(["1", "BTC", "+", "2.5", "ETH", "-", "500", "USD", "in", "CHF"])
        // Values of one unit in CHF (the pivot): BTC and ETH quoted, USD through Bitcoin.
        let values = ["CHF": decimal("1"), "BTC": decimal("80123.45"), "ETH": decimal("3012.07"), "USD": decimal("0.8812")]
        let result = try #require(Conversion.evaluate(expression, values: values))
        #expect(result == decimal("80123.45") + decimal("7530.175") - decimal("440.6"))
        #expect(Conversion.text(result) == "87213.025")
        #expect(Conversion.display(result, unit: "CHF") == "87,213.03")
    }

    @Test("0.1 + 0.2 is 0.3: no binary floating point between the digits typed and the answer")
    func exactDecimals() throws {
        let expression = try ConversionExpression.parse(["0.1", "BTC", "+", "0.2", "BTC", "in", "BTC"])
        #expect(Conversion.evaluate(expression, values: ["BTC": 1]) == decimal("0.3"))
        #expect(Conversion.decimal(90176.22) == decimal("90176.22"))
        #expect(Conversion.decimal(.nan) == nil)
    }

    @Test("into a coin: the currency divided by the coin's price, eight decimals shown, all digits kept")
    func intoCoin() throws {
        let expression = try ConversionExpression.parse(["250", "EUR", "BTC"])
        let result = try #require(Conversion.evaluate(expression, values: ["EUR": 1, "BTC": decimal("90176.22")]))
        #expect(Conversion.display(result, unit: "BTC") == "0.00277235")
        #expect(Conversion.text(result).hasPrefix("0.00277234951742266"))
        #expect(Conversion.text(result).count > 20)
    }

    @Test(
        "display digits per unit",
        arguments: [
            ("45088.11", "EUR", "45,088.11"), ("1234567.5", "USD", "1,234,567.50"), ("1234.5", "JPY", "1,235"),
            ("-440.6", "USD", "-440.60"), ("2.50000000", "ETH", "2.5"), ("0.0000123456789", "BTC", "0.00001235"),
            ("0", "BTC", "0"), ("12345678.123456789", "SHIB", "12,345,678.12345679"),
        ])
    func display(value: String, unit: String, shown: String) {
        #expect(Conversion.display(decimal(value), unit: unit) == shown)
    }

    @Test("a unit without a value, or a target worth nothing, is no answer rather than a wrong one")
    func missingValue() throws {
        let expression = try ConversionExpression.parse(["1", "BTC", "EUR"])
        #expect(Conversion.evaluate(expression, values: ["EUR": 1]) == nil)
        #expect(Conversion.evaluate(expression, values: ["BTC": 5, "EUR": 0]) == nil)
    }
}
