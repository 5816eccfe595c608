import Foundation

/// The wire shape of `/data/v2/histoday`: the v2 envelope with the bars one level down, in
/// `Data.Data[]`, each `{time, high, low, open, close, volumefrom, volumeto, conversionType, …}`.
///
/// Only `time` (Unix seconds, the start of the UTC day) and `close` are read. A bar whose close is
/// missing, not a number or not above zero is dropped: the reference expects all-zero bars before
/// a coin's first trade, and a zero would draw a false crash on a chart. So is a bar whose
/// `time` is not a plausible Unix time (`UnixTime`). The last bar is today's
/// unfinished day; its close is the latest price, as CoinGecko's last point is.
struct HistodayResponse: Decodable {
    /// One bar, read leniently.
    struct Bar: Decodable {
        let time: Double?
        let close: Double?

        enum CodingKeys: String, CodingKey {
            case time
            case close
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            time = container.lenientDouble(.time)
            close = container.lenientDouble(.close)
        }
    }

    /// The `Data` object around the bars.
    struct Series: Decodable {
        let bars: [Bar]

        enum CodingKeys: String, CodingKey {
            case bars = "Data"
        }
    }

    let series: Series

    enum CodingKeys: String, CodingKey {
        case series = "Data"
    }

    /// The daily closes in `data`, oldest first.
    static func decode(_ data: Data) throws(DecodingError) -> PriceHistory {
        let response: HistodayResponse
        do {
            response = try JSONDecoder().decode(HistodayResponse.self, from: data)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
        }
        let points = response.series.bars.compactMap { bar -> PricePoint? in
            guard let time = bar.time, let close = bar.close, close > 0, let date = Date(unixSeconds: time) else { return nil }
            return PricePoint(date: date, close: close)
        }
        return PriceHistory(points: points)
    }
}
