import Foundation

/// The CryptoCompare REST endpoints lacripta calls. Each case builds its URL from the configured
/// base URL, so no address is spelled out anywhere else.
public enum Endpoint: RESTEndpoint, Equatable {
    /// Top coins by 24h volume on top-tier exchanges, with prices in `currency`.
    case toplist(currency: String, limit: Int, page: Int)
    /// News articles, optionally for one category (a ticker such as ETH).
    case news(category: String?)
    /// The news categories and the words associated with each (used to resolve coin names).
    case newsCategories

    /// The path, without the base URL. The news path keeps its trailing slash: without it the
    /// service answers "Path does not exist".
    public var path: String {
        switch self {
        case .toplist: "/data/top/totaltoptiervolfull"
        case .news: "/data/v2/news/"
        case .newsCategories: "/data/news/categories"
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
        case .newsCategories:
            []
        }
    }
}
