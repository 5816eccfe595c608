import Foundation

/// Kraken's `/0/public/OHLC` body (reference portfolio §4.3):
/// `{"error":[],"result":{"XXBTZUSD":[[time, "open", "high", "low", "close", "vwap", "volume", count],…],"last":N}}`.
///
/// Prices and volumes are strings, the time whole Unix seconds, the result keyed by Kraken's own
/// pair name (not the one asked for), beside the `last` cursor. An `error` list that is not empty
/// ("EQuery:Unknown asset pair") means the pair is not listed: nil, so the next source is asked.
enum KrakenOHLCResponse {
    /// The candles, oldest first, or nil when Kraken says it has no such pair.
    static func decode(_ data: Data) throws(DecodingError) -> [Candle]? {
        let body = try TypedJSON.decode(Body.self, from: data)
        if let errors = body.error, !errors.isEmpty { return nil }
        guard let result = body.result else {
            throw DecodingError.keyNotFound(Body.Keys.result, .init(codingPath: [], debugDescription: "no result"))
        }
        return result.rows.compactMap { row in
            let numbers = row.map(\.value)
            guard numbers.count >= 7, let time = numbers[0], let date = Date(unixSeconds: time), let open = numbers[1],
                let high = numbers[2], let low = numbers[3], let close = numbers[4]
            else { return nil }
            return Candle(checking: date, open: open, high: high, low: low, close: close, volume: numbers[6])
        }
        .sorted { $0.time < $1.time }
    }

    private struct Body: Decodable {
        enum Keys: String, CodingKey { case error, result }
        let error: [String]?
        let result: Result?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            error = try? container.decodeIfPresent([String].self, forKey: .error)
            result = try container.decodeIfPresent(Result.self, forKey: .result)
        }
    }

    /// `result`: the first member that is an array of rows (the pair), whatever Kraken named it.
    private struct Result: Decodable {
        let rows: [[LenientDouble]]

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            for key in container.allKeys where key.stringValue != "last" {
                if let rows = try? container.decode([[LenientDouble]].self, forKey: key) {
                    self.rows = rows
                    return
                }
            }
            rows = []
        }
    }
}
