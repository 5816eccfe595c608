import Foundation
import LacriptaCore
import LacriptaTerminal

/// Valuing coin at a day's close: `holdings in` without `--price`, and the coin-for-coin trades of
/// an import. The closes are the source's daily history, the one `coin`'s chart draws.
extension HoldingsCommand {
    /// Each coin's daily closes in `currency` reaching back to `since`, one request per coin (the
    /// chart's spans, so their cache is shared). A failure names what was being valued and says to
    /// give a price; nothing is written by the caller then.
    func dayCloses(
        of symbols: [String], since: Date, market: any MarketDataSource, in context: Context, valuing what: String,
        otherwise: String = "give --price instead"
    ) async throws -> [String: PriceHistory] {
        let days = DayClose.days(back: since, now: context.now())
        var histories: [String: PriceHistory] = [:]
        for symbol in symbols where histories[symbol] == nil {
            do {
                guard let resolution = try await market.resolveCoin(symbol) else {
                    throw LacriptaError.unknownSymbol(symbol, detail: "\(market.name) lists no coin by that ticker")
                }
                let fetched = try await market.history(id: resolution.coin.id, currency: currency, days: days)
                context.reportOffline(fetched)
                histories[symbol] = fetched.value
            } catch let error as LacriptaError {
                throw Self.valuationFailure(error, symbol: symbol, what: what, otherwise: otherwise, market: market)
            }
        }
        return histories
    }

    /// The close of `symbol` on `date`'s day, or a refusal (exit 65) naming the day and what to do.
    func close(
        of symbol: String, on date: LedgerDate, in histories: [String: PriceHistory], market: any MarketDataSource, valuing what: String
    ) throws -> Decimal {
        guard let history = histories[symbol], let close = DayClose.close(on: date.date, in: history), close > 0 else {
            throw LacriptaError.unusable(
                "\(market.name) has no close of \(symbol) in \(currency) for \(date.day), so \(what) cannot be valued: "
                    + "give the price, or try another --source (nothing was written)")
        }
        return close
    }

    /// The error the user sees when the history could not be had: the service's own reason and exit
    /// code, with what was being valued and how to do without.
    static func valuationFailure(
        _ error: LacriptaError, symbol: String, what: String, otherwise: String, market: any MarketDataSource
    ) -> LacriptaError {
        let advice = "\(what) is valued at the day's close, which needs \(market.name)'s daily history; \(otherwise) (nothing was written)"
        if error.allowsOfflineFallback { return .refused("\(Sanitizer.singleLine(error.userMessage)) — \(advice)") }
        if error.unknownSymbol != nil { return .unknownSymbol(symbol, detail: "\(market.name) has no daily closes for it: \(advice)") }
        if error.isUsage { return .usage("\(Sanitizer.singleLine(error.userMessage)): \(advice)") }
        return error
    }
}
