import Foundation
import LacriptaNet

/// The CryptoCompare REST API as lacripta uses it: builds requests from the configured base URL,
/// sends the key in the `authorization` header, maps every failure to a `LacriptaError`, decodes
/// leniently, and falls back to cached data when the service is out of reach.
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

    /// Sends `endpoint`, checks the envelope, decodes with `decode`, caches the body; on an
    /// unavailable service returns the cached body instead, marked offline.
    private func fetch<Value: Sendable>(_ endpoint: Endpoint, decode: (Data) throws -> Value) async throws -> Fetched<Value> {
        do {
            let body = try await send(endpoint)
            let value = try decoded(endpoint, body, decode)
            cache?.store(body, for: endpoint, base: configuration.apiBaseURL)
            return Fetched(value: value, fetchedAt: now())
        } catch let error as LacriptaError where error.allowsOfflineFallback {
            guard let entry = cache?.load(endpoint, base: configuration.apiBaseURL), let value = try? decode(entry.body) else { throw error }
            return Fetched(value: value, fetchedAt: entry.storedAt, offlineReason: error)
        }
    }

    private func decoded<Value>(_ endpoint: Endpoint, _ body: Data, _ decode: (Data) throws -> Value) throws -> Value {
        do {
            return try decode(body)
        } catch let error as DecodingError {
            throw LacriptaError.badData(endpoint: endpoint.path, detail: error.pathDescription)
        }
    }

    /// One request: the key goes in the header, never in the URL.
    private func send(_ endpoint: Endpoint) async throws -> Data {
        let url = endpoint.url(base: configuration.apiBaseURL)
        var headers = ["accept": "application/json", "user-agent": "lacripta"]
        if let key = configuration.apiKey { headers["authorization"] = key.headerValue }
        let response: HTTPResponse
        do {
            response = try await transport.get(HTTPRequest(url: url, headers: headers, timeout: configuration.requestTimeout))
        } catch let failure as NetError {
            throw Self.error(for: failure, url: url, endpoint: endpoint, timeout: configuration.requestTimeout)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw LacriptaError.unavailable("cannot reach \(Self.hostDescription(url))")
        }
        try ServiceEnvelope.check(response, endpoint: endpoint, now: now())
        return response.body
    }

    /// Our words for a request that got no usable answer: the one place a `NetError` becomes a
    /// `LacriptaError`. Only the network's own failures are `unavailable` (and so may fall back to
    /// the cache); a CA bundle that does not load or an answer past the size limit will not get
    /// better by waiting. The host named is the one that failed, which after a redirect is not
    /// the configured one; a redirect the client refuses is the configured service's doing.
    private static func error(for failure: NetError, url: URL, endpoint: Endpoint, timeout: TimeInterval) -> LacriptaError {
        let failed = failure.url ?? url
        let host = hostDescription(failed)
        switch failure.kind {
        case .caFileUnreadable:
            return .configuration("LACRIPTA_CA_FILE (or `ca_file`) does not load as a PEM CA bundle: check the file, or unset it")
        case .responseTooLarge(let limit):
            return .badData(
                endpoint: endpoint.path, detail: "the answer from \(host) is larger than \(NetError.size(limit)), far more than any real one")
        case .timedOut, .connectTimedOut:
            return .unavailable("\(host) did not answer within \(timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)) s")
        case .hostNotFound:
            return .unavailable("cannot resolve \(failed.host ?? host)")
        case .connectionRefused, .connectionLost, .networkFailure:
            return .unavailable("cannot connect to \(host)")
        case .tlsUnavailable, .tlsUntrustedCertificate, .tlsHostnameMismatch, .tlsCertificateExpired, .tlsHandshakeFailed:
            return .unavailable("the TLS connection to \(host) failed (untrusted certificate? see LACRIPTA_CA_FILE)")
        case .invalidURL, .invalidHeader, .cancelled, .malformedResponse, .emptyResponse, .truncatedResponse, .unsupportedEncoding:
            return .unavailable("cannot reach \(host): \(failure.reason)")
        case .tooManyRedirects, .insecureRedirect, .invalidRedirect:
            // The configured service is the one redirecting; the reason names where it pointed.
            return .unavailable("cannot reach \(hostDescription(url)): \(failure.reason)")
        }
    }

    private static func hostDescription(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
