import Foundation

/// The wire shape of `/data/v2/histominute`, `histohour` and `histoday` read as candles: the v2
/// envelope with the bars in `Data.Data[]`, each `{time, high, low, open, close, volumefrom,
/// volumeto, …}` (reference §4.4).
///
/// A bar is kept when its four prices are positive numbers and its time a plausible Unix time;
/// the all-zero bars before a coin's first trade are dropped, as `HistodayResponse` drops them.
/// `volumefrom` (in the coin) is the volume; numbers may come as strings (`LenientNumber`).
enum HistoBarsResponse {
    /// The candles in `data`, oldest first.
    static func decode(_ data: Data) throws(DecodingError) -> [Candle] {
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: data)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
        }
        return body.series.bars.compactMap { bar in
            guard let time = bar.time, let date = Date(unixSeconds: time), let open = bar.open, let high = bar.high,
                let low = bar.low, let close = bar.close
            else { return nil }
            return Candle(checking: date, open: open, high: high, low: low, close: close, volume: bar.volume)
        }
        .sorted { $0.time < $1.time }
    }

    /// The closes of `data` as a price history.
    static func closes(_ data: Data) throws(DecodingError) -> PriceHistory {
        PriceHistory(points: try decode(data).map { PricePoint(date: $0.time, close: $0.close) })
    }

    private struct Body: Decodable {
        let series: Series
        enum CodingKeys: String, CodingKey { case series = "Data" }
    }

    private struct Series: Decodable {
        let bars: [Bar]
        enum CodingKeys: String, CodingKey { case bars = "Data" }
    }

    /// One bar, every field optional and read leniently.
    private struct Bar: Decodable {
        let time, open, high, low, close, volume: Double?

        enum CodingKeys: String, CodingKey {
            case time, open, high, low, close
            case volume = "volumefrom"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            time = container.lenientDouble(.time)
            open = container.lenientDouble(.open)
            high = container.lenientDouble(.high)
            low = container.lenientDouble(.low)
            close = container.lenientDouble(.close)
            volume = container.lenientDouble(.volume)
        }
    }
}
