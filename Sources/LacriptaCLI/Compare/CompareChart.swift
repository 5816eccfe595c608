import Foundation
import LacriptaCore
import LacriptaTerminal

/// The chart under the compare table: each exchange's mid price over the last minutes, one colour
/// and one marker per exchange, with a legend and prices on the y-axis. The window ends at the
/// current time, so the chart scrolls as time passes.
struct CompareChart: Sendable {
    let history: MidHistory
    /// The exchanges, in the table's order (their colours and markers follow it).
    let exchanges: [Exchange]
    let currency: String
    let mode: ChartMode
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
        let markers = mode == .braille ? Self.brailleMarkers : Self.blockMarkers
        var series: [ChartSeries] = []
        var earliest = now
        for (index, exchange) in exchanges.enumerated() {
            guard let samples = history.series[exchange], !samples.isEmpty else { continue }
            earliest = min(earliest, samples[0].time)
            series.append(
                ChartSeries(
                    label: exchange.name, points: samples.map { ChartPoint(time: $0.time, value: $0.mid) },
                    color: Self.colors[index % Self.colors.count], marker: markers[index % markers.count]))
        }
        guard !series.isEmpty else { return [] }
        let start = max(earliest, now.addingTimeInterval(-Self.window))
        // A window of at least a minute, so the first seconds do not stretch a few points wide.
        let end = max(now, start.addingTimeInterval(60))
        let renderer = ChartRenderer(
            mode: mode, priceFormatter: PriceFormatter(currency: currency), dateLabel: UTCDateFormatter.time, marksExtremes: false,
            timeRange: start...end)
        return (try? renderer.render(series, columns: width, rows: height)) ?? []
    }
}
