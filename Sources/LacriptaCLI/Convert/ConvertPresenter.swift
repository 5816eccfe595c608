import Foundation
import LacriptaCore
import LacriptaTerminal

/// The answer of `lacripta convert`: one line with the total, then one per rate used with its
/// source and time; or the JSON with every digit.
struct ConvertPresenter: Sendable {
    let expression: ConversionExpression
    let result: Decimal
    let priced: ConversionPricer.Priced
    let source: String

    /// "1 BTC + 2.5 ETH - 500 USD": the amounts as given, exact.
    var question: String { expression.termsText }

    /// "0.5 BTC = 45,088.11 EUR", then "  1 BTC = 90,176.22 EUR  CoinGecko, 2026-01-03 13:40 UTC".
    func lines() -> [StyledText] {
        var lines = [
            StyledText("\(Sanitizer.singleLine(question)) = ")
                + StyledText("\(Conversion.display(result, unit: expression.target)) \(Sanitizer.singleLine(expression.target))", style: .bold)
        ]
        for rate in priced.rates {
            let via = rate.via.map { ", via \($0)" } ?? ""
            lines.append(
                StyledText(
                    "  1 \(Sanitizer.singleLine(rate.unit)) = \(Self.rateText(rate)) \(rate.pivot)"
                        + "  \(source)\(via), \(UTCDateFormatter.dateTime(rate.time))", style: .secondary))
        }
        return lines
    }

    /// A rate as shown: a coin's price to its currency's cents; a currency's rate in another
    /// (0.88 would hide what matters) to eight decimals.
    static func rateText(_ rate: ConversionPricer.Rate) -> String {
        Conversion.display(rate.value, unit: rate.via == nil ? rate.pivot : rate.unit + "/" + rate.pivot)
    }

    /// The documented JSON object (docs/json.md): amounts and rates as decimal strings, every digit.
    func json() throws -> String {
        try JSONOutput.encode(ConvertJSON(presenter: self))
    }
}

/// `convert --json`: `{"expression", "unit", "result", "display", "source", "rates": [{"unit",
/// "rate", "currency", "via", "time"}]}`; numbers as strings so no digit is lost to a double.
struct ConvertJSON: Encodable {
    let presenter: ConvertPresenter

    enum CodingKeys: String, CodingKey { case expression, unit, result, display, source, rates }

    struct Rate: Encodable {
        let unit: String
        let rate: String
        let currency: String
        let via: String?
        let time: String

        enum CodingKeys: String, CodingKey { case unit, rate, currency, via, time }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(unit, forKey: .unit)
            try container.encode(rate, forKey: .rate)
            try container.encode(currency, forKey: .currency)
            try container.encode(via, forKey: .via)
            try container.encode(time, forKey: .time)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let target = presenter.expression.target
        try container.encode(Sanitizer.singleLine(presenter.expression.text), forKey: .expression)
        try container.encode(Sanitizer.singleLine(target), forKey: .unit)
        try container.encode(Conversion.text(presenter.result), forKey: .result)
        try container.encode(Conversion.display(presenter.result, unit: target), forKey: .display)
        try container.encode(presenter.source, forKey: .source)
        let rates = presenter.priced.rates.map {
            Rate(
                unit: Sanitizer.singleLine($0.unit), rate: Conversion.text($0.value), currency: $0.pivot, via: $0.via,
                time: JSONOutput.iso8601($0.time))
        }
        try container.encode(rates, forKey: .rates)
    }
}
