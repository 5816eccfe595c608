import Foundation

/// The CoinGecko API paths lacripta calls. Each builds its URL under the configured base URL
/// (`https://api.coingecko.com/api/v3` by default), so no address is spelled out elsewhere.
public enum CoinGeckoEndpoint: RESTEndpoint, Equatable {
    /// The toplist by market cap: `per_page` coins (1–250) of page `page` (1-based).
    case markets(currency: String, perPage: Int, page: Int)
    /// The markets items of the coins with these tickers, one request for all of them. Without
    /// `include_tokens=all` CoinGecko answers only the largest coin per ticker.
    case quotes(symbols: [String], currency: String)
    /// One coin's detail, by CoinGecko id (`bitcoin`).
    case coin(id: String)
    /// Daily prices of one coin over the last `days` days.
    case marketChart(id: String, currency: String, days: Int)
    /// Prices of one coin over the last `days` days at CoinGecko's automatic spacing (no
    /// `interval`): five-minutely for 1 day, hourly up to 90 days, daily beyond.
    case priceChart(id: String, currency: String, days: Int)
    /// Candles of one coin over the last `days` days (1, 7, 14, 30, 90, 180 or 365); CoinGecko
    /// picks their width.
    case ohlc(id: String, currency: String, days: Int)
    /// Every coin's id, symbol and name (about 1 MB): the search index.
    case coinList
    /// CoinGecko's own search, which ranks by market cap.
    case search(query: String)

    /// The largest page `/coins/markets` serves.
    public static let maximumPage = 250

    /// The path under the base URL, with an id percent-encoded so it stays one path segment.
    public var path: String {
        switch self {
        case .markets, .quotes: "/coins/markets"
        case .coin(let id): "/coins/\(Self.segment(id))"
        case .marketChart(let id, _, _), .priceChart(let id, _, _): "/coins/\(Self.segment(id))/market_chart"
        case .ohlc(let id, _, _): "/coins/\(Self.segment(id))/ohlc"
        case .coinList: "/coins/list"
        case .search: "/search"
        }
    }

    /// The query items, in a stable order (also the cache key). Currencies go in lower case, as
    /// CoinGecko spells them.
    public var queryItems: [URLQueryItem] {
        switch self {
        case .markets(let currency, let perPage, let page):
            [
                URLQueryItem(name: "vs_currency", value: currency.lowercased()),
                URLQueryItem(name: "order", value: "market_cap_desc"),
                URLQueryItem(name: "per_page", value: String(perPage)),
                URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "price_change_percentage", value: "1h,24h,7d"),
                URLQueryItem(name: "sparkline", value: "false"),
            ]
        case .quotes(let symbols, let currency):
            [
                URLQueryItem(name: "vs_currency", value: currency.lowercased()),
                URLQueryItem(name: "symbols", value: symbols.map { $0.lowercased() }.joined(separator: ",")),
                URLQueryItem(name: "order", value: "market_cap_desc"),
                URLQueryItem(name: "price_change_percentage", value: "1h,24h,7d"),
                URLQueryItem(name: "sparkline", value: "false"),
            ]
        case .coin:
            ["localization", "tickers", "community_data", "developer_data", "sparkline"].map { URLQueryItem(name: $0, value: "false") }
                + [URLQueryItem(name: "market_data", value: "true")]
        case .marketChart(_, let currency, let days):
            [
                URLQueryItem(name: "vs_currency", value: currency.lowercased()),
                URLQueryItem(name: "days", value: String(days)),
                URLQueryItem(name: "interval", value: "daily"),
            ]
        case .priceChart(_, let currency, let days), .ohlc(_, let currency, let days):
            [URLQueryItem(name: "vs_currency", value: currency.lowercased()), URLQueryItem(name: "days", value: String(days))]
        case .coinList:
            []
        case .search(let query):
            [URLQueryItem(name: "query", value: query)]
        }
    }

    /// `id` as one percent-encoded path segment: a slash or a dot-dot in an id cannot climb out.
    private static func segment(_ id: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
