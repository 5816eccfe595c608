import Foundation

/// The exchanges' public REST candle requests (reference portfolio §4.2, §4.3), each under its
/// configured base URL (`LACRIPTA_KRAKEN_API_URL`, `LACRIPTA_COINBASE_API_URL`).
public enum ExchangeCandleEndpoint: RESTEndpoint, Equatable {
    /// Kraken's `/0/public/OHLC?pair=XBTUSD&interval=M`: up to 720 bars `M` minutes wide, the
    /// last one unfinished.
    case krakenOHLC(pair: String, minutes: Int)
    /// Coinbase Exchange's `/products/BTC-USD/candles?granularity=S`: up to 300 bars `S` seconds
    /// wide ending now, newest first, none for a period without trades.
    case coinbaseCandles(product: String, seconds: Int)

    /// The widths each exchange serves, in seconds: Kraken's minutes × 60; Coinbase has no 4 h.
    public static let krakenWidths: Set<Int> = [60, 300, 900, 1800, 3600, 14_400, 86_400]
    public static let coinbaseWidths: Set<Int> = [60, 300, 900, 3600, 21_600, 86_400]
    /// The most candles one request gives: Kraken's latest 720 (no older ones at all), Coinbase's 300.
    public static let maximumBars: [Exchange: Int] = [.kraken: 720, .coinbase: 300]

    public var path: String {
        switch self {
        case .krakenOHLC: "/0/public/OHLC"
        case .coinbaseCandles(let product, _):
            "/products/\(product.addingPercentEncoding(withAllowedCharacters: Self.segment) ?? "")/candles"
        }
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .krakenOHLC(let pair, let minutes):
            [URLQueryItem(name: "pair", value: pair), URLQueryItem(name: "interval", value: String(minutes))]
        case .coinbaseCandles(_, let seconds):
            [URLQueryItem(name: "granularity", value: String(seconds))]
        }
    }

    /// What a product id may hold unescaped: a slash or a dot-dot in a ticker cannot climb out.
    private static let segment = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-")
}
