import Foundation
import LacriptaNet

/// The CryptoCompare REST API as lacripta uses it: builds requests from the configured base URL,
/// sends the key in the `authorization` header, maps every failure to a `LacriptaError`, decodes
/// leniently, revalidates cached answers (ETag / Last-Modified, 304), and falls back to cached
/// data when the service is out of reach.
public struct CryptoCompareClient: Sendable {
    private let configuration: Configuration
    private let transport: any HTTPTransport
    private let cache: ResponseCache?
    private let now: @Sendable () -> Date

    /// The API's smallest toplist page; smaller limits are trimmed locally.
    public static let minimumToplistPage = 10
    /// The API's largest toplist page.
    public static let maximumToplistPage = 100
    /// How long cached news categories are trusted before asking again.
    static let categoriesLifetime: TimeInterval = 24 * 3600

    /// Creates a client.
    public init(
        configuration: Configuration, transport: any HTTPTransport, cache: ResponseCache? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.cache = cache
        self.now = now
    }

    /// The top `limit` coins (1…100) by top-tier volume, priced in `currency`.
    public func toplist(currency: String, limit: Int) async throws -> Fetched<Toplist> {
        let page = min(max(limit, Self.minimumToplistPage), Self.maximumToplistPage)
        let endpoint = Endpoint.toplist(currency: currency, limit: page, page: 0)
        return try await fetch(endpoint) { body in
            var list = try ToplistResponse.decode(body, currency: currency, rankOffset: 0)
            list.coins = Array(list.coins.prefix(limit))
            return list
        }
    }

    /// The latest news, for one category (a ticker such as ETH) or for all.
    public func news(category: String?) async throws -> Fetched<[NewsArticle]> {
        try await fetch(.news(category: category)) { try NewsResponse.decode($0) }
    }

    /// The news categories; served from a cache younger than a day without asking the service.
    public func newsCategories() async throws -> Fetched<[NewsCategory]> {
        let endpoint = Endpoint.newsCategories
        if let entry = cache?.load(endpoint, base: configuration.apiBaseURL), now().timeIntervalSince(entry.storedAt) < Self.categoriesLifetime,
            let categories = try? NewsCategoriesResponse.decode(entry.body)
        {
            return Fetched(value: categories, fetchedAt: entry.storedAt)
        }
        return try await fetch(endpoint) { try NewsCategoriesResponse.decode($0) }
    }

    /// The toplist last stored in the cache for `currency`, whatever its age (for name lookups).
    public func cachedToplist(currency: String) -> Toplist? {
        for limit in [Self.maximumToplistPage, 50, Self.minimumToplistPage] {
            if let entry = cache?.load(.toplist(currency: currency, limit: limit, page: 0), base: configuration.apiBaseURL),
                let list = try? ToplistResponse.decode(entry.body, currency: currency, rankOffset: 0)
            {
                return list
            }
        }
        return nil
    }

    /// What the service answered to one request.
    private enum Answer {
        /// A body, with what the service offers to revalidate it next time.
        case body(Data, HTTPValidators)
        /// 304 Not Modified: the cached body is still current (the 304 may bring newer validators).
        case notModified(HTTPValidators)
    }

    /// Sends `endpoint` (conditional on the cached body's validators when `revalidate`), checks
    /// the envelope, decodes with `decode`, caches the body; on an unavailable service returns
    /// the cached body instead, marked offline.
    ///
    /// A 304 serves the cached body as fresh data: the service just said it is current. Should
    /// that body no longer decode (an older lacripta wrote it), the request is made again without
    /// validators rather than failing.
    private func fetch<Value: Sendable>(
        _ endpoint: Endpoint, revalidate: Bool = true, decode: (Data) throws -> Value
    ) async throws -> Fetched<Value> {
        let base = configuration.apiBaseURL
        let cached = cache?.load(endpoint, base: base)
        do {
            switch try await send(endpoint, validators: revalidate ? cached?.validators ?? HTTPValidators() : HTTPValidators()) {
            case .body(let body, let validators):
                let value = try decoded(endpoint, body, decode)
                cache?.store(body, validators: validators, for: endpoint, base: base)
                return Fetched(value: value, fetchedAt: now())
            case .notModified(let validators):
                guard let cached, let value = try? decode(cached.body) else {
                    return try await fetch(endpoint, revalidate: false, decode: decode)
                }
                cache?.store(cached.body, validators: cached.validators.updated(by: validators), for: endpoint, base: base)
                return Fetched(value: value, fetchedAt: now())
            }
        } catch let error as LacriptaError where error.allowsOfflineFallback {
            guard let cached, let value = try? decode(cached.body) else { throw error }
            return Fetched(value: value, fetchedAt: cached.storedAt, offlineReason: error)
        }
    }

    private func decoded<Value>(_ endpoint: Endpoint, _ body: Data, _ decode: (Data) throws -> Value) throws -> Value {
        do {
            return try decode(body)
        } catch let error as DecodingError {
            throw LacriptaError.badData(endpoint: endpoint.path, detail: error.pathDescription)
        }
    }

    /// One request: the key goes in the header, never in the URL; `validators` (when there are
    /// any) make it conditional.
    private func send(_ endpoint: Endpoint, validators: HTTPValidators) async throws -> Answer {
        let url = endpoint.url(base: configuration.apiBaseURL)
        var headers = ["accept": "application/json", "user-agent": "lacripta"]
        if let key = configuration.apiKey { headers["authorization"] = key.headerValue }
        let request = HTTPRequest(url: url, headers: headers, timeout: configuration.requestTimeout).conditional(on: validators)
        let response: HTTPResponse
        do {
            response = try await transport.get(request)
        } catch let failure as NetError {
            throw Self.error(for: failure, url: url, endpoint: endpoint, timeout: configuration.requestTimeout)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw LacriptaError.unavailable("cannot reach \(Self.hostDescription(url))")
        }
        // A 304 to a request that was not conditional is no answer at all: the envelope says so.
        if response.status == 304, !validators.isEmpty { return .notModified(HTTPValidators(response: response)) }
        try ServiceEnvelope.check(response, endpoint: endpoint, now: now())
        return .body(response.body, HTTPValidators(response: response))
    }
}
