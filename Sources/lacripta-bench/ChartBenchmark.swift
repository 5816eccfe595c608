import Foundation
import LacriptaTerminal

/// How long drawing `lacripta coin`'s chart takes: a year of daily closes (366 points, a wave
/// with noise, so lines run in every direction) on a wide terminal, from the series to the
/// escaped text written to the terminal.
enum ChartBenchmark {
    /// Reports the best of `runs` draws in milliseconds, for each mode.
    static func run(columns: Int = 200, rows: Int = 16, runs: Int = 200) {
        let start = Date(timeIntervalSince1970: 1_735_689_600)
        var generator = UInt64(0x9E37_79B9_7F4A_7C15)
        let points = (0...365).map { day -> ChartPoint in
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(generator >> 11) / Double(1 << 53) - 0.5
            return ChartPoint(time: start.addingTimeInterval(Double(day) * 86_400), value: 60_000 + 15_000 * sin(Double(day) / 30) + 2_000 * noise)
        }
        let series = [ChartSeries(label: "BTC", points: points)]
        let ansi = ANSIRenderer(colorEnabled: true)
        for mode in ChartMode.allCases {
            let renderer = ChartRenderer(mode: mode, priceFormatter: PriceFormatter(currency: "USD"))
            var best = Double.infinity
            var bytes = 0
            let clock = ContinuousClock()
            for _ in 0..<runs {
                let began = clock.now
                guard let lines = try? renderer.render(series, columns: columns, rows: rows) else { fail("the chart does not draw") }
                bytes = ansi.render(lines: lines).utf8.count
                best = min(best, seconds(clock.now - began))
            }
            report(
                "chart-\(mode.rawValue)",
                ["milliseconds": best * 1000, "points": Double(points.count), "columns": Double(columns), "bytes": Double(bytes)])
        }
    }
}
