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
        let market = context.marketSource(provider)
        let chart = try await PortfolioChart.load(
            holdings: holdings.holdings, journal: journal, journalPath: store.journalPath, symbols: book.symbols, market: market, currency: currency,
            method: method, days: Int(text), now: context.now())
        for fetch in chart.offline { context.reportOffline(fetchedAt: fetch.fetchedAt, reason: fetch.reason) }
        for note in chart.notes { context.printError(StyledText(note, style: .warning)) }
        let history = chart.history
        let days = chart.days
        if json {
            try context.printRaw(try Self.chartJSON(history, currency: currency, method: method, days: days))
            return .success
        }
        let footer = StyledText("\(chart.caption), closes from \(market.name)", style: .secondary)
        if context.stdoutCapabilities.isTerminal {
            let size = context.stdoutSize()
            let renderer = ChartRenderer(
                mode: ChartMode.preferred(environment: context.environment), priceFormatter: PriceFormatter(currency: currency))
            var lines: [StyledText]
            do throws(ChartError) {
                lines = try renderer.render(chart.series, columns: size.columns, rows: max(size.rows / 2, 10))
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
