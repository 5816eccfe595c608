import Foundation
import LacriptaCore
import LacriptaTerminal

/// The chart under the compare table: each exchange's mid price over the last minutes, one colour
/// and one marker per exchange, or, for one exchange (`focus`), its ask, bid and last price as
/// the app lacripta grew from drew them (ask red, bid green, last plain; markers say which without
/// colour). A legend, and prices on the y-axis. The window ends at the current time, so the chart
/// scrolls as time passes.
struct CompareChart: Sendable {
    let history: QuoteHistory
    /// The exchanges, in the table's order (their colours and markers follow it).
    let exchanges: [Exchange]
    let currency: String
    let mode: ChartMode
    /// The exchange whose ask, bid and last are drawn; nil for every exchange's mid.
    var focus: Exchange?
    /// How much time the chart spans, at most.
    static let window: TimeInterval = 10 * 60
    /// The fewest rows worth giving a chart; below it the table is left alone.
    static let minimumRows = 6

    private static let colors = ColorRole.series
    private static let brailleMarkers: [Character] = ["●", "▲", "■", "◆", "★", "✚"]
    private static let blockMarkers: [Character] = ["*", "+", "#", "@", "%", "&"]

    /// The chart's lines at `now`, `width` cells by `height` rows; none while there is no room or
    /// no quote yet.
    func lines(at now: Date, width: Int, height: Int) -> [StyledText] {
        guard height >= Self.minimumRows else { return [] }
        let series = focus.map(marketSeries) ?? midSeries()
        let earliest = series.compactMap { $0.points.first?.time }.min() ?? now
        guard !series.isEmpty else { return [] }
        let start = max(earliest, now.addingTimeInterval(-Self.window))
        // A window of at least a minute, so the first seconds do not stretch a few points wide.
        let end = max(now, start.addingTimeInterval(60))
        let renderer = ChartRenderer(
            mode: mode, priceFormatter: PriceFormatter(currency: currency), dateLabel: UTCDateFormatter.time, marksExtremes: false,
            timeRange: start...end)
        return (try? renderer.render(series, columns: width, rows: height)) ?? []
    }

    /// Every exchange's mid, in the table's order.
    private func midSeries() -> [ChartSeries] {
        let markers = mode == .braille ? Self.brailleMarkers : Self.blockMarkers
        return exchanges.enumerated().compactMap { index, exchange in
            guard let samples = history.series[exchange], !samples.isEmpty else { return nil }
            return ChartSeries(
                label: exchange.name, points: samples.map { ChartPoint(time: $0.time, value: $0.mid) },
                color: Self.colors[index % Self.colors.count], marker: markers[index % markers.count])
        }
    }

    /// One exchange's ask, bid and last, each where it is known.
    private func marketSeries(_ exchange: Exchange) -> [ChartSeries] {
        guard let samples = history.series[exchange] else { return [] }
        let lines: [(String, KeyPath<QuoteHistory.Sample, Double?>, ColorRole, braille: Character, block: Character)] = [
            ("\(exchange.name) ask", \.ask, .down, "▲", "^"), ("bid", \.bid, .up, "▼", "v"), ("last", \.last, .unchanged, "●", "*"),
        ]
        return lines.compactMap { label, figure, color, braille, block in
            let points = samples.compactMap { sample in sample[keyPath: figure].map { ChartPoint(time: sample.time, value: $0) } }
            guard !points.isEmpty else { return nil }
            return ChartSeries(label: label, points: points, color: color, marker: mode == .braille ? braille : block)
        }
    }
}
