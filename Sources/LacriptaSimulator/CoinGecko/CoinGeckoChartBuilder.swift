import Foundation

/// Generates a `market_chart` body for a coin of the markets recording: plausible, deterministic,
/// and shaped like the recordings.
///
/// Shape (reference §1.7): `{"prices":[[ms,v],…],"market_caps":[…],"total_volumes":[…]}`, the
/// three arrays on the same integer-millisecond timestamps. Granularity is CoinGecko's automatic
/// one: about every 5 minutes, irregularly, for a day or less; hourly up to 90 days; daily at
/// 00:00 UTC beyond (or with `interval=daily`); and always a last, off-grid point at "now". The
/// price walks from where the coin's recorded change over the span says it started to its
/// recorded price, with a wobble seeded by the coin id, so the same request gives the same body.
struct CoinGeckoChartBuilder {
    let item: JSONValue
    let days: Double
    let daily: Bool
    let unitsPerUSD: Double
    let end: Date

    private static let day = 86_400.0

    /// The body; empty arrays for a coin without a price (the unranked one).
    var chart: JSONValue {
        guard let price = item["current_price"]?.doubleValue, price > 0 else { return Self.body([], [], []) }
        let times = timestamps
        let startPrice = price / (1 + (startChange ?? 0) / 100)
        let marketCap = item["market_cap"]?.doubleValue ?? 0
        let volume = item["total_volume"]?.doubleValue ?? 0
        let seed = Double(FNV1a.hash((item["id"]?.stringValue ?? "").utf8) % 1000) / 1000 * 2 * .pi
        var prices: [JSONValue] = []
        var caps: [JSONValue] = []
        var volumes: [JSONValue] = []
        for (index, time) in times.enumerated() {
            let progress = times.count > 1 ? Double(index) / Double(times.count - 1) : 1
            // Zero at both ends, so the series starts at the implied open and ends on the price.
            let wobble = 1 + 0.02 * sin(6 * .pi * progress + seed) * sin(.pi * progress)
            // The last point is the recorded price exactly, not a rounding of it.
            let usd = index == times.count - 1 ? price : startPrice * pow(price / startPrice, progress) * wobble
            let milliseconds = JSONValue.number(String(Int64((time.timeIntervalSince1970 * 1000).rounded())))
            prices.append(.array([milliseconds, .number(usd * unitsPerUSD)]))
            caps.append(.array([milliseconds, .number(marketCap * usd / price * unitsPerUSD)]))
            volumes.append(.array([milliseconds, .number(volume * (1 + 0.15 * sin(11 * progress + seed)) * unitsPerUSD)]))
        }
        return Self.body(prices, caps, volumes)
    }

    /// The recorded change (percent) over the window nearest the span, where the series starts.
    private var startChange: Double? {
        let window =
            switch days {
            case ...1: "24h"
            case ...7: "7d"
            case ...14: "14d"
            case ...30: "30d"
            case ...200: "200d"
            default: "1y"
            }
        return item["price_change_percentage_\(window)_in_currency"]?.doubleValue
    }

    /// The points' times, oldest first, ending with `end` itself.
    private var timestamps: [Date] {
        let start = end.timeIntervalSince1970 - days * Self.day
        var times: [Double] = []
        if daily || days > 90 {
            let lastMidnight = (end.timeIntervalSince1970 / Self.day).rounded(.down) * Self.day
            let count = Int(days.rounded(.up))
            times = (0..<count).map { lastMidnight - Double(count - 1 - $0) * Self.day }
        } else if days > 1 {
            var hour = (start / 3600).rounded(.up) * 3600
            while hour < end.timeIntervalSince1970 {
                times.append(hour)
                hour += 3600
            }
        } else {
            // Five minutes apart give or take up to 40 s, with milliseconds, as recorded for days=1.
            var time = start
            var step = 0
            while time < end.timeIntervalSince1970 - 1 {
                times.append(time)
                step += 1
                time = start + Double(step) * 300 + Double((step * 7919) % 40_000) / 1000
            }
        }
        return times.filter { $0 < end.timeIntervalSince1970 }.map(Date.init(timeIntervalSince1970:)) + [end]
    }

    private static func body(_ prices: [JSONValue], _ caps: [JSONValue], _ volumes: [JSONValue]) -> JSONValue {
        .object([
            JSONValue.Member("prices", .array(prices)), JSONValue.Member("market_caps", .array(caps)),
            JSONValue.Member("total_volumes", .array(volumes)),
        ])
    }
}
