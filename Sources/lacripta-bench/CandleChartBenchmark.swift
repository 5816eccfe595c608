import Foundation
import LacriptaTerminal

/// How long drawing `lacripta coin --candles --volume` takes: a year of daily candles with volume
/// (365, a wave with noise) on a wide terminal, from the candles to the escaped text written out.
enum CandleChartBenchmark {
    /// Reports the best of `runs` draws in milliseconds, for each mode.
    static func run(columns: Int = 200, rows: Int = 24, runs: Int = 200) {
        let start = Date(timeIntervalSince1970: 1_735_689_600)
        var generator = UInt64(0x9E37_79B9_7F4A_7C15)
        var close = 60_000.0
        let candles = (0..<365).map { day -> ChartCandle in
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(generator >> 11) / Double(1 << 53) - 0.5
            let open = close
            close = 60_000 + 15_000 * sin(Double(day) / 30) + 2_000 * noise
            return ChartCandle(
                time: start.addingTimeInterval(Double(day) * 86_400), open: open, high: max(open, close) * 1.01, low: min(open, close) * 0.99,
                close: close, volume: 20_000 + 10_000 * noise)
        }
        let ansi = ANSIRenderer(colorEnabled: true)
        for mode in ChartMode.allCases {
            let renderer = CandleChartRenderer(
                mode: mode, priceFormatter: PriceFormatter(currency: "USD"), interval: 86_400, showsVolume: true, timeAxis: .dates)
            var best = Double.infinity
            var bytes = 0
            let clock = ContinuousClock()
            for _ in 0..<runs {
                let began = clock.now
                guard let lines = try? renderer.render(candles, columns: columns, rows: rows) else { fail("the candle chart does not draw") }
                bytes = ansi.render(lines: lines).utf8.count
                best = min(best, seconds(clock.now - began))
            }
            report(
                "candle-chart-\(mode.rawValue)",
                ["milliseconds": best * 1000, "candles": Double(candles.count), "columns": Double(columns), "bytes": Double(bytes)])
        }
    }
}
