import Foundation
import LacriptaCore
import LacriptaTerminal

extension CoinCommand {
    /// `coin --candles`: the detail and the candles at once (Kraken, else Coinbase, else the
    /// market source's own), a note for each source passed over, then the chart, the lines or the
    /// JSON.
    func runCandles(market: any MarketDataSource, coin: CoinListEntry, in context: Context) async throws -> ExitCode {
        let chain = CandleChain(exchanges: context.exchangeCandles, market: market)
        let width = interval ?? CandleChain.defaultInterval(for: range)
        async let detailRequest = market.detail(id: coin.id, currency: currency)
        async let candleRequest = chain.candles(coin: coin, currency: currency, range: range, interval: width)
        let (fetchedDetail, answer) = try await (detailRequest, candleRequest)
        for note in answer.notes { context.printError(StyledText("note: \(Sanitizer.singleLine(note))", style: .secondary)) }
        context.reportOffline(fetchedDetail)
        if answer.series.isOffline && !fetchedDetail.isOffline { context.reportOffline(answer.series) }
        var detail = fetchedDetail.value
        if detail.name.caseInsensitiveCompare(detail.symbol) == .orderedSame { detail.name = coin.name }
        let series = answer.series.value
        let closes = PriceHistory(points: series.candles.map { PricePoint(date: $0.time, close: $0.close) })
        let figures = CoinFigures(
            detail: detail, history: closes, days: range.days ?? max(closes.spanDays, 1), interval: series.interval,
            range: range == .max ? .max : nil, limit: series.limit)
        let presenter = CoinCandlesPresenter(figures: figures, series: series, source: market.name, showsVolume: volume)
        if json {
            try context.printRaw(try presenter.json())
        } else if context.stdoutCapabilities.isTerminal {
            let size = context.stdoutSize()
            let rows = height ?? max(size.rows / 3, Self.defaultMinimumHeight) + (volume ? 4 : 0)
            let mode = ChartMode.preferred(environment: context.environment)
            try context.print(presenter.terminalLines(size: TerminalSize(columns: size.columns, rows: rows), mode: mode))
        } else {
            try context.print(presenter.plainLines())
        }
        return .success
    }
}
