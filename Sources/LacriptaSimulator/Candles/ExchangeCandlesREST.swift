import Foundation

/// Kraken's and Coinbase Exchange's public REST candles (reference portfolio §4.2, §4.3), each
/// under its own mount of the REST port (`/kraken`, `/coinbase`), in their wire shapes:
///
/// - Kraken `/0/public/OHLC?pair=XBTUSD&interval=M`: 720 rows `[time, "o", "h", "l", "c",
///   "vwap", "volume", count]` under Kraken's own pair name (`XXBTZUSD`) beside `last`; an unknown
///   pair is `{"error":["EQuery:Unknown asset pair"]}` with a 200, a width it lacks an
///   `EGeneral:Invalid arguments`.
/// - Coinbase `/products/BTC-USD/candles?granularity=S`: 300 rows `[time, low, high, open, close,
///   volume]`, newest first, every 23rd period missing (no trades, no candle); an unknown product
///   is a 404 `{"message":"NotFound"}`, a width it lacks a 400.
struct ExchangeCandlesREST: Sendable {
    /// Where each exchange's REST root is mounted on the simulator's REST port.
    static let krakenMount = "/kraken"
    static let coinbaseMount = "/coinbase"

    /// Kraken's pairs: its request name, its result name, the coin and the currency.
    static let krakenPairs: [String: (result: String, coin: String, currency: String)] = [
        "XBTUSD": ("XXBTZUSD", "BTC", "USD"), "XBTEUR": ("XXBTZEUR", "BTC", "EUR"),
        "ETHUSD": ("XETHZUSD", "ETH", "USD"), "ETHEUR": ("XETHZEUR", "ETH", "EUR"),
    ]
    /// Coinbase's products.
    static let coinbaseProducts: Set<String> = ["BTC-USD", "ETH-USD", "SOL-USD", "BTC-EUR"]

    /// Answers a request below the Kraken mount.
    func kraken(_ request: HTTPRequest) -> HTTPResponse {
        func error(_ text: String) -> HTTPResponse {
            .json(.object([JSONValue.Member("error", .array([.string(text)]))]))
        }
        guard request.path == "/0/public/OHLC" else { return error("EGeneral:Unknown method") }
        let minutes = Int(request.queryValue("interval") ?? "1") ?? 0
        guard [1, 5, 15, 30, 60, 240, 1440, 10080, 21600].contains(minutes) else { return error("EGeneral:Invalid arguments") }
        guard let pair = request.queryValue("pair").flatMap({ Self.krakenPairs[$0.uppercased()] }),
            let price = SimulatedCandles.price(of: pair.coin, in: pair.currency)
        else { return error("EQuery:Unknown asset pair") }
        let bars = SimulatedCandles.bars(count: 720, width: Double(minutes * 60), close: price)
        let rows: [JSONValue] = bars.map { bar in
            let vwap = (bar.open + bar.close + bar.high + bar.low) / 4
            return .array(
                [.number(String(Int(bar.time)))] + [bar.open, bar.high, bar.low, bar.close, vwap].map { .string(SimulatedCandles.text($0)) }
                    + [.string(String(format: "%.8f", bar.volume)), .number(String(Int(bar.volume * 7)))])
        }
        let last = bars.count > 1 ? bars[bars.count - 2].time : 0
        return .json(
            .object([
                JSONValue.Member("error", .array([])),
                JSONValue.Member(
                    "result", .object([JSONValue.Member(pair.result, .array(rows)), JSONValue.Member("last", .number(String(Int(last))))])),
            ]))
    }

    /// Answers a request below the Coinbase mount.
    func coinbase(_ request: HTTPRequest) -> HTTPResponse {
        func message(_ text: String, status: Int) -> HTTPResponse {
            .json(.object([JSONValue.Member("message", .string(text))]), status: status)
        }
        let segments = request.path.split(separator: "/").map(String.init)
        guard segments.count == 3, segments[0] == "products", segments[2] == "candles" else { return message("NotFound", status: 404) }
        let product = segments[1].uppercased()
        let parts = product.split(separator: "-").map(String.init)
        guard Self.coinbaseProducts.contains(product), parts.count == 2, let price = SimulatedCandles.price(of: parts[0], in: parts[1])
        else { return message("NotFound", status: 404) }
        let seconds = Int(request.queryValue("granularity") ?? "") ?? 0
        guard [60, 300, 900, 3600, 21600, 86400].contains(seconds) else { return message("Unsupported granularity", status: 400) }
        let bars = SimulatedCandles.bars(count: 300, width: Double(seconds), close: price)
        let rows: [JSONValue] = bars.enumerated().reversed().compactMap { index, bar in
            // A quiet period: no trades, so no candle at all (the newest is always there).
            guard index % 23 != 11 || index == bars.count - 1 else { return nil }
            return .array([.number(String(Int(bar.time)))] + [bar.low, bar.high, bar.open, bar.close, bar.volume].map { .number($0) })
        }
        return .json(.array(rows))
    }
}
