import Foundation

/// The CryptoCompare REST endpoints lacripta calls. Each case builds its URL from the configured
/// base URL, so no address is spelled out anywhere else.
public enum Endpoint: RESTEndpoint, Equatable {
    /// Top coins by 24h volume on top-tier exchanges, with prices in `currency`.
    case toplist(currency: String, limit: Int, page: Int)
    /// News articles, optionally for categories (a ticker such as ETH, or a comma list: any of
    /// them), from one outlet (`feeds`, its key), published before `before` (unix seconds, the
    /// service's `lTs`, how it pages back).
    case news(category: String?, feeds: String? = nil, before: Int? = nil)
    /// Every coin the service lists (symbol and name), for search.
    case coinList
    /// The news categories and the words associated with each (used to resolve coin names).
    case newsCategories
    /// The outlets CryptoCompare gathers news from: their keys (for `feeds`) and names.
    case newsFeeds
    /// Full market figures (RAW/DISPLAY) of several coins in one currency. The service rejects
    /// long lists, so callers keep `symbols` short (the reference notes a 100-character cap).
    case quotes(symbols: [String], currency: String)
    /// Daily bars of one coin. The service returns `limit + 1` bars, the last one today's
    /// unfinished day.
    case history(symbol: String, currency: String, limit: Int)
    /// OHLCV bars of one coin at a minute's, an hour's or a day's width, `aggregate` of them per
    /// bar, `limit + 1` bars ending now; with `allData` every daily bar the service has.
    case bars(HistoWidth, symbol: String, currency: String, limit: Int, aggregate: Int = 1, allData: Bool = false)

    /// The path, without the base URL. The news path keeps its trailing slash: without it the
    /// service answers "Path does not exist".
    public var path: String {
        switch self {
        case .toplist: "/data/top/totaltoptiervolfull"
        case .news: "/data/v2/news/"
        case .newsCategories: "/data/news/categories"
        case .newsFeeds: "/data/news/feeds"
        case .quotes: "/data/pricemultifull"
        case .history: "/data/v2/histoday"
        case .bars(let width, _, _, _, _, _): width.path
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
        case .news(let category, let feeds, let before):
            [URLQueryItem(name: "lang", value: "EN")] + (category.map { [URLQueryItem(name: "categories", value: $0)] } ?? [])
                + (feeds.map { [URLQueryItem(name: "feeds", value: $0)] } ?? [])
                + (before.map { [URLQueryItem(name: "lTs", value: String($0))] } ?? [])
        case .newsCategories, .newsFeeds, .coinList:
            []
        case .quotes(let symbols, let currency):
            [URLQueryItem(name: "fsyms", value: symbols.joined(separator: ",")), URLQueryItem(name: "tsyms", value: currency)]
        case .history(let symbol, let currency, let limit):
            [
                URLQueryItem(name: "fsym", value: symbol),
                URLQueryItem(name: "tsym", value: currency),
                URLQueryItem(name: "limit", value: String(limit)),
            ]
        case .bars(_, let symbol, let currency, let limit, let aggregate, let allData):
            [
                URLQueryItem(name: "fsym", value: symbol),
                URLQueryItem(name: "tsym", value: currency),
                URLQueryItem(name: "limit", value: String(limit)),
            ] + (aggregate > 1 ? [URLQueryItem(name: "aggregate", value: String(aggregate))] : [])
                + (allData ? [URLQueryItem(name: "allData", value: "true")] : [])
        }
    }
}
