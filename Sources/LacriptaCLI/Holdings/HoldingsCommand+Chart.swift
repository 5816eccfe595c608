import Foundation
import LacriptaCore
import LacriptaTerminal

/// `holdings chart`: the portfolio's value per day and its cost basis, drawn like `coin`'s chart.
extension HoldingsCommand {
    func chart(days text: String, in context: Context) async throws -> ExitCode {
        let store = context.store
        let holdings = try store.holdings()
        let journal = try store.journal()
        let book = try book(holdings, journal, store: store)
        guard !book.symbols.isEmpty else {
            context.printError(StyledText("No holdings yet: record one with `lacripta holdings buy BTC 0.5 --price 30000`."))
            return .success
        }
        let now = context.now()
        let first = journal.transactions.map(\.date.date).min() ?? now
        let days = Int(text) ?? min(max(Int(now.timeIntervalSince(first) / 86_400) + 2, 30), 2000)
        let market = context.marketSource(provider)
        // Every coin held at some point (the book's coins), one history each.
        var closes: [String: PriceHistory] = [:]
        for symbol in book.symbols {
            // The coin as `coin` resolves it (CoinGecko keys history by its id, not the ticker).
            guard let resolution = try? await market.resolveCoin(symbol) else { continue }
            do {
                let history = try await market.history(id: resolution.coin.id, currency: currency, days: days)
                context.reportOffline(history)
                closes[symbol] = history.value
            } catch let error as LacriptaError where error.unknownSymbol != nil {
                continue
            }
        }
        // The days end with the latest close the source has: today, or the day it last answered
        // for when the answer is an offline copy.
        let lastClose = closes.values.compactMap { $0.points.last?.date }.max()
        let history: PortfolioHistory
        do {
            history = try PortfolioHistory(
                opening: holdings.holdings, transactions: journal.transactions, method: method, closes: closes, currency: currency, days: days,
                today: lastClose ?? now)
        } catch {
            throw LacriptaError.unreadableFile(store.journalPath, line: journal.lineNumber(of: error.transaction) ?? 0, error.message)
        }
        for symbol in history.unpriced {
            context.printError(
                StyledText("note: \(market.name) has no price history for \(symbol): the value leaves it out where it has no close", style: .warning))
        }
        for symbol in history.uncosted {
            context.printError(StyledText("note: \(symbol) has lots without a cost in \(currency): the cost line leaves them out", style: .warning))
        }
        if json {
            try context.printRaw(try Self.chartJSON(history, currency: currency, method: method, days: days))
            return .success
        }
        let value = ChartSeries(
            label: "value", points: history.points.map { ChartPoint(time: $0.date, value: $0.value.map(HoldingsPresenter.double)) }, color: .series1)
        let cost = ChartSeries(
            label: "cost", points: history.points.map { ChartPoint(time: $0.date, value: HoldingsPresenter.double($0.cost)) }, color: .series2)
        let footer = StyledText(
            "\(days) days of your portfolio's value (green) and cost basis (yellow) in \(currency), lots matched \(method.rawValue), closes from \(market.name)",
            style: .secondary)
        if context.stdoutCapabilities.isTerminal {
            let size = context.stdoutSize()
            let renderer = ChartRenderer(
                mode: ChartMode.preferred(environment: context.environment), priceFormatter: PriceFormatter(currency: currency))
            var lines: [StyledText]
            do throws(ChartError) {
                lines = try renderer.render([value, cost], columns: size.columns, rows: max(size.rows / 2, 10))
            } catch {
                lines = [StyledText("(\(CoinPresenter.noChartReason(error)))", style: .secondary)]
            }
            try context.print(lines + [footer])
        } else {
            let formatter = PriceFormatter(currency: currency)
            let lines = history.points.map { point in
                StyledText(
                    "\(UTCDateFormatter.date(point.date)) \(point.value.map { formatter.string(HoldingsPresenter.double($0)) } ?? "-") "
                        + formatter.string(HoldingsPresenter.double(point.cost)))
            }
            try context.print(lines + [footer])
        }
        return .success
    }

    /// `holdings chart --json`: `{currency, method, days, points: [{date, value, cost}]}`.
    static func chartJSON(_ history: PortfolioHistory, currency: String, method: CostMethod, days: Int) throws -> String {
        struct Point: Encodable {
            let date: String
            let value: Decimal?
            let cost: Decimal

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(date, forKey: .date)
                try container.encode(value, forKey: .value)
                try container.encode(cost, forKey: .cost)
            }

            enum CodingKeys: String, CodingKey { case date, value, cost }
        }
        struct Body: Encodable {
            let currency: String
            let method: String
            let days: Int
            let points: [Point]
        }
        let points = history.points.map { Point(date: UTCDateFormatter.date($0.date), value: $0.value, cost: $0.cost) }
        return try JSONOutput.encode(Body(currency: currency, method: method.rawValue, days: days, points: points))
    }
}
