import Foundation
import LacriptaCore
import LacriptaTerminal

/// The rates `holdings` converts costs and gains recorded in other currencies at: today's, from the
/// market source's prices (as `convert` takes them), each shown with its source and time. A
/// currency without a rate is left out of the total and said so, never guessed.
struct HoldingsRates: Sendable {
    /// One rate used: one `from` is worth `rate` of `to`, quoted by `source` at `time`.
    struct Rate: Sendable, Equatable {
        var from: String
        var to: String
        var rate: Decimal
        var source: String
        var time: Date
        /// The coin a currency's rate was taken through (Bitcoin), when it was.
        var via: String?
    }

    /// The rates found, by currency.
    var rates: [Rate] = []
    /// Why each currency without a rate has none.
    var missing: [String: String] = [:]

    /// The rates as `LedgerValuation` takes them.
    var values: [String: Decimal] { Dictionary(rates.map { ($0.from, $0.rate) }) { first, _ in first } }

    /// Rates of `currencies` in `target` from `market`, one `convert` pricing each.
    static func fetch(_ currencies: [String], in target: String, market: any MarketDataSource, context: Context) async -> HoldingsRates {
        var found = HoldingsRates()
        for currency in currencies {
            let expression = ConversionExpression(terms: [.init(amount: 1, unit: currency)], target: target)
            do {
                let priced = try await ConversionPricer(market: market).price(expression)
                guard let rate = Conversion.evaluate(expression, values: priced.values), rate > 0 else {
                    found.missing[currency] = "\(market.name) gave no usable rate"
                    continue
                }
                context.reportOffline(fetchedAt: priced.rates.map(\.time).min() ?? context.now(), reason: priced.offlineReason)
                let time = priced.rates.map(\.time).min() ?? context.now()
                let via = priced.rates.compactMap(\.via).first
                found.rates.append(Rate(from: currency, to: target, rate: rate, source: market.name, time: time, via: via))
            } catch is ConversionPricer.UnknownUnit {
                found.missing[currency] = "\(market.name) quotes no \(currency) in \(target)"
            } catch let error as LacriptaError {
                found.missing[currency] = error.userMessage
            } catch {
                found.missing[currency] = "\(error)"
            }
        }
        return found
    }

    /// "Costs and gains in EUR converted at 1 EUR = 1.16 USD (CoinGecko via BTC, 2026-11-27
    /// 19:40 UTC)": the line under the table for each rate some figure used.
    func lines(used: [String]) -> [StyledText] {
        rates.filter { used.contains($0.from) }.map { rate in
            let via = rate.via.map { " via \($0)" } ?? ""
            return StyledText(
                "Costs and gains in \(rate.from) converted at 1 \(rate.from) = \(Conversion.text(Conversion.rounded(rate.rate, unit: "rate"))) "
                    + "\(rate.to) (\(rate.source)\(via), \(UTCDateFormatter.dateTime(rate.time)))", style: .secondary)
        }
    }
}
