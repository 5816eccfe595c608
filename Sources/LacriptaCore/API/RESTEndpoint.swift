import Foundation

/// A REST request as a value: a path under the service's base URL and its query, in a stable
/// order. The URL and the cache key are built from them the same way for every service.
public protocol RESTEndpoint: CacheKey {
    /// The path under the base URL, percent-encoded where it needs to be.
    var path: String { get }
    /// The query items, in a stable order (the cache key depends on it).
    var queryItems: [URLQueryItem] { get }
}

extension RESTEndpoint {
    /// A short name for messages and cache files, e.g. `/data/v2/news/?lang=EN&categories=ETH`.
    public var displayName: String {
        let query = queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        return query.isEmpty ? path : "\(path)?\(query)"
    }

    /// The full URL under `base`. A base with a path prefix (a proxy, CoinGecko's `/api/v3`)
    /// keeps it.
    public func url(base: URL) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false) ?? URLComponents()
        var prefix = components.percentEncodedPath
        if prefix.hasSuffix("/") { prefix.removeLast() }
        components.percentEncodedPath = prefix + path
        components.queryItems = queryItems.isEmpty ? nil : queryItems
        return components.url ?? base
    }
}
