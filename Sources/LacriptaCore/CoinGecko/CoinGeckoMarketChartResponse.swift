import Foundation

/// CoinGecko's `/coins/{id}/market_chart?vs_currency=…&days=N`: prices over time.
///
/// Quirks (keyless reference §1.7): timestamps are milliseconds since 1970, as integers or
/// floats; the spacing depends on `days` (5-minutely, hourly, daily at 00:00 UTC) and is
/// irregular for one day; the last point is "now", off the grid. `market_caps` and
/// `total_volumes` share the timestamps and are not read.
public enum CoinGeckoMarketChartResponse {
    /// Decodes the `prices` series, oldest first.
    ///
    /// A point that is not a pair of finite numbers is skipped; `prices` itself must be there, so a
    /// changed shape is an error naming it. Use `PriceHistory.dailyCloses()` for one price per day.
    public static func decode(_ data: Data) throws(DecodingError) -> PriceHistory {
        try TypedJSON.decode(Body.self, from: data).history
    }

    private struct Body: Decodable {
        let prices: LenientElements<[LenientDouble]>

        var history: PriceHistory {
            get throws(DecodingError) {
                PriceHistory(
                    points: try prices.elements().compactMap { _, pair in
                        guard pair.count == 2, let milliseconds = pair[0].value, let price = pair[1].value else { return nil }
                        return PricePoint(date: Date(timeIntervalSince1970: milliseconds / 1000), close: price)
                    })
            }
        }
    }
}
