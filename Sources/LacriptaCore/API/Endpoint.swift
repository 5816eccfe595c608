import Foundation

/// The CryptoCompare REST endpoints lacripta calls. Each case builds its URL from the configured
/// base URL, so no address is spelled out anywhere else.
public enum Endpoint: RESTEndpoint, Equatable {
    /// Top coins by 24h volume on top-tier exchanges, with prices in `currency`.
    case toplist(currency: String, limit: Int, page: Int)
    /// News articles, optionally for one category (a ticker such as ETH).
    case news(category: String?)
    /// Every coin the service lists (symbol and name), for search.
    case coinList
    /// The news categories and the words associated with each (used to resolve coin names).
    case newsCategories
    /// Full market figures (RAW/DISPLAY) of several coins in one currency. The service rejects
    /// long lists, so callers keep `symbols` short (the reference notes a 100-character cap).
    case quotes(symbols: [String], currency: String)
    /// Daily bars of one coin. The service returns `limit + 1` bars, the last one today's
    /// unfinished day.
    case history(symbol: String, currency: String, limit: Int)

    /// The path, without the base URL. The news path keeps its trailing slash: without it the
    /// service answers "Path does not exist".
    public var path: String {
        switch self {
        case .toplist: "/data/top/totaltoptiervolfull"
        case .news: "/data/v2/news/"
        case .newsCategories: "/data/news/categories"
        case .quotes: "/data/pricemultifull"
        case .history: "/data/v2/histoday"
        case .coinList: "/data/all/coinlist"
        }
    }

    /// The query items, in a stable order (also the cache key).
    public var queryItems: [URLQueryItem] {
        switch self {
        case .toplist(let currency, let limit, let page):
            [
                URLQueryItem(name: "limit", value: String(limit)),
                URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "tsym", value: currency),
            ]
        case .news(let category):
            [URLQueryItem(name: "lang", value: "EN")] + (category.map { [URLQueryItem(name: "categories", value: $0)] } ?? [])
        case .newsCategories, .coinList:
            []
        case .quotes(let symbols, let currency):
            [URLQueryItem(name: "fsyms", value: symbols.joined(separator: ",")), URLQueryItem(name: "tsyms", value: currency)]
        case .history(let symbol, let currency, let limit):
            [
                URLQueryItem(name: "fsym", value: symbol),
                URLQueryItem(name: "tsym", value: currency),
                URLQueryItem(name: "limit", value: String(limit)),
            ]
        }
    }
}
