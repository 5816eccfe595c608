import Foundation
import LacriptaCore
import Testing

/// `convert`'s grammar: the forms a person types, and each malformed input refused with a line
/// that says what to write instead.
@Suite("Conversion expression grammar")
struct ConversionExpressionTests {
    private func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan }

    @Test(
        "accepted forms",
        arguments: [
            (["0.5", "BTC", "EUR"], [("0.5", "BTC")], "EUR"),
            (["250", "eur", "btc"], [("250", "EUR")], "BTC"),
            (["1", "BTC", "+", "2.5", "ETH", "-", "500", "USD", "in", "CHF"], [("1", "BTC"), ("2.5", "ETH"), ("-500", "USD")], "CHF"),
            (["1 BTC+2.5 ETH - 500 USD to chf"], [("1", "BTC"), ("2.5", "ETH"), ("-500", "USD")], "CHF"),
            (["-.5", "BTC", "=", "USD"], [("-0.5", "BTC")], "USD"),
            (["3", "1INCH", "-", "-2", "1INCH", "USD"], [("3", "1INCH"), ("2", "1INCH")], "USD"),
            (["123456789012345678901234567890", "SHIB", "BTC"], [("123456789012345678901234567890", "SHIB")], "BTC"),
        ])
    func accepted(words: [String], terms: [(String, String)], target: String) throws {
        let expression = try ConversionExpression.parse(words)
        #expect(expression.terms == terms.map { ConversionExpression.Term(amount: decimal($0.0), unit: $0.1) })
        #expect(expression.target == target)
        #expect(try ConversionExpression.parse([expression.text]) == expression)
    }

    @Test(
        "refused forms, each with its own line",
        arguments: [
            ([], ConversionSyntaxError.empty),
            (["0.5", "BTC"], .missingTarget),
            (["0.5"], .missingUnit(amount: "0.5")),
            (["0.5", "in", "EUR"], .missingUnit(amount: "0.5")),
            (["BTC", "EUR"], .missingAmount(unit: "BTC")),
            (["1.2.3", "BTC", "EUR"], .notAnAmount("1.2.3")),
            (["1,5", "BTC", "EUR"], .notAnAmount("1,5")),
            (["1e5", "BTC", "EUR"], .notAnAmount("1e5")),
            (["0.5", "BTC", "in"], .ended(expecting: "the unit to convert into")),
            (["1", "BTC", "2", "ETH", "EUR"], .operatorMissing(before: "2")),
            (["1", "BTC", "+"], .ended(expecting: "an amount")),
            (["0.5", "BTC", "EUR", "USD"], .unexpected("USD")),
            (["1", "BTC", "in", "€"], .notAUnit("€")),
            (["1234567890123456789012345678901", "BTC", "EUR"], .notAnAmount("1234567890123456789012345678901")),
        ])
    func refused(words: [String], error: ConversionSyntaxError) {
        #expect(throws: error) { try ConversionExpression.parse(words) }
        #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }

    @Test("a control character typed in a unit never reaches the message")
    func hostileToken() {
        let error = ConversionSyntaxError.notAUnit("\u{1B}[31mX")
        #expect(!error.description.contains("\u{1B}"))
    }
}
