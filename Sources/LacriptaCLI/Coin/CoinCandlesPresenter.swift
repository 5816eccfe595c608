import Foundation
import LacriptaCore
import LacriptaTerminal

/// Renders `lacripta coin --candles`: the figures, the candle chart and a footer naming the
/// source, the market and the candle width; off a terminal one line per candle; the JSON with the
/// series.
struct CoinCandlesPresenter: Sendable {
    /// The coin's figures (its history: the candles' closes).
    let figures: CoinFigures
    /// The candles drawn.
    let series: CandleSeries
    /// The market source the figures came from.
    let source: String
    /// Whether volume bars were asked for.
    let showsVolume: Bool

    /// The candles as the terminal draws them.
    var chartCandles: [ChartCandle] {
        series.candles.map { ChartCandle(time: $0.time, open: $0.open, high: $0.high, low: $0.low, close: $0.close, volume: $0.volume) }
    }

    /// "96 15-minute candles of XBT/USD from Kraken, with volume": what the chart shows and whence.
    var footer: StyledText {
        let market = series.market.map { " of \(Sanitizer.singleLine($0))" } ?? " in \(Sanitizer.singleLine(figures.currency))"
        let count = series.candles.count
        var text = "\(count) \(series.interval.adjective) candle\(count == 1 ? "" : "s")\(market) from \(series.source)"
        if showsVolume { text += series.hasVolume ? ", with volume" : " (\(series.source) gives no volume)" }
        return StyledText(text, style: .secondary)
    }

    /// The footer, and below it where the source's candles stop when the whole history was
    /// asked for and it gives less.
    var footerLines: [StyledText] {
        [footer] + (series.limit.map { [StyledText("history stops there: \(Sanitizer.singleLine($0))", style: .secondary)] } ?? [])
    }

    /// The renderer: hours under a chart of a day or less, dates beyond.
    func renderer(mode: ChartMode) -> CandleChartRenderer {
        let span = (series.candles.last?.time).map { $0.timeIntervalSince(series.candles.first?.time ?? $0) } ?? 0
        return CandleChartRenderer(
            mode: mode, priceFormatter: PriceFormatter(currency: figures.currency), interval: TimeInterval(series.interval.seconds),
            showsVolume: showsVolume, timeAxis: span <= 2 * 86_400 ? .hours : .dates)
    }

    /// Figures, a blank line, the chart of `size`, the footer; a terminal too small for a chart
    /// gets a line saying why instead.
    func terminalLines(size: TerminalSize, mode: ChartMode) -> [StyledText] {
        var lines = CoinPresenter(figures: figures, source: source).figureLines()
        lines.append(StyledText())
        do throws(ChartError) {
            lines += try renderer(mode: mode).render(chartCandles, columns: size.columns, rows: size.rows)
        } catch {
            lines.append(StyledText("(\(CoinPresenter.noChartReason(error)))", style: .secondary))
        }
        lines += footerLines
        return lines
    }

    /// Off a terminal: the figures, then "TIME OPEN HIGH LOW CLOSE VOLUME" per candle (volume `-`
    /// when the source has none), then the footer.
    func plainLines() -> [StyledText] {
        var lines = CoinPresenter(figures: figures, source: source).figureLines()
        lines.append(StyledText())
        for candle in series.candles {
            let time = CoinPresenter.plainTime(candle.time, interval: series.interval)
            let volume = candle.volume.map { "\($0)" } ?? "-"
            lines.append(StyledText("\(time) \(candle.open) \(candle.high) \(candle.low) \(candle.close) \(volume)"))
        }
        lines += footerLines
        return lines
    }

    /// The coin's documented JSON object with the candles added (docs/json.md).
    func json() throws -> String {
        try JSONOutput.encode(CoinCandlesJSON(coin: CoinJSON(figures: figures, source: source), series: series))
    }
}

/// `coin --candles --json`: every key of `coin --json` (its `interval` the candles' width, its
/// `history` their closes), then `candles` (each `{time, open, high, low, close, volume}`),
/// `candleSource` and `candleMarket`.
struct CoinCandlesJSON: Encodable {
    let coin: CoinJSON
    let series: CandleSeries

    enum CodingKeys: String, CodingKey { case candles, candleSource, candleMarket }

    /// One candle.
    struct Item: Encodable {
        let time: String
        let open, high, low, close: Double
        let volume: Double?

        enum CodingKeys: String, CodingKey { case time, open, high, low, close, volume }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(time, forKey: .time)
            try container.encode(open, forKey: .open)
            try container.encode(high, forKey: .high)
            try container.encode(low, forKey: .low)
            try container.encode(close, forKey: .close)
            try container.encode(volume, forKey: .volume)
        }
    }

    func encode(to encoder: any Encoder) throws {
        try coin.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        let items = series.candles.map {
            Item(time: JSONOutput.iso8601($0.time), open: $0.open, high: $0.high, low: $0.low, close: $0.close, volume: $0.volume)
        }
        try container.encode(items, forKey: .candles)
        try container.encode(series.source, forKey: .candleSource)
        try container.encode(series.market.map(Sanitizer.singleLine), forKey: .candleMarket)
    }
}
