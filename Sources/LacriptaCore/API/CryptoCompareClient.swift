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
    let now: @Sendable () -> Date

    /// The API's smallest toplist page; smaller limits are trimmed locally.
    public static let minimumToplistPage = 10
    /// The API's largest toplist page.
    public static let maximumToplistPage = 100
    /// The most bars `histoday` gives in one request.
    static let maximumHistoryDays = 2000
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

    /// The latest news, for one category (a ticker such as ETH, or a comma list) or for all, from
    /// one outlet (its feed key) or all, published before `before` or the latest.
    public func news(category: String?, feeds: String? = nil, before: Date? = nil) async throws -> Fetched<[NewsArticle]> {
        // `lTs` is whole seconds and exclusive; rounding down keeps an article at the boundary out.
        let endpoint = Endpoint.news(category: category, feeds: feeds, before: before.map { Int($0.timeIntervalSince1970.rounded(.down)) })
        return try await fetch(endpoint) { try NewsResponse.decode($0) }
    }

    /// The outlets CryptoCompare gathers news from; cached for a day like the categories.
    public func newsFeeds() async throws -> Fetched<[NewsOutlet]> {
        let endpoint = Endpoint.newsFeeds
        if let fresh = fetcher.fresh(endpoint, lifetime: Self.categoriesLifetime, decode: NewsFeedsResponse.decode) { return fresh }
        return try await fetch(endpoint) { try NewsFeedsResponse.decode($0) }
    }

    /// The news categories; served from a cache younger than a day without asking the service.
    public func newsCategories() async throws -> Fetched<[NewsCategory]> {
        let endpoint = Endpoint.newsCategories
        if let fresh = fetcher.fresh(endpoint, lifetime: Self.categoriesLifetime, decode: NewsCategoriesResponse.decode) { return fresh }
        return try await fetch(endpoint) { try NewsCategoriesResponse.decode($0) }
    }

    /// Every coin CryptoCompare lists (its key is the symbol), reused for a day like the news
    /// categories: the list is megabytes and changes slowly.
    public func coinList() async throws -> Fetched<[CoinListEntry]> {
        let endpoint = Endpoint.coinList
        if let fresh = fetcher.fresh(endpoint, lifetime: Self.categoriesLifetime, decode: CoinListResponse.decode) { return fresh }
        return try await fetch(endpoint) { try CoinListResponse.decode($0) }
    }

    /// The market figures of each of `symbols` in `currency`, keyed by upper-case ticker: one
    /// `pricemultifull` request. A ticker the service does not know is `unknownSymbol`, whether it
    /// refused the request (one bad ticker alone) or left the ticker out of its answer.
    public func quotes(symbols: [String], currency: String) async throws -> Fetched<[String: Quote]> {
        let list = SymbolList(symbols)
        guard !list.symbols.isEmpty else { return Fetched(value: [:], fetchedAt: now()) }
        let fetched = try await fetch(.quotes(symbols: list.symbols, currency: currency)) {
            try PriceMultiFullResponse.quotes($0, currency: currency)
        }
        try list.requireAll(in: fetched.value, source: "CryptoCompare")
        return fetched
    }

    /// The same one request, answering what the service has: a ticker it does not know is left out
    /// (a list of favourites shows dashes for it rather than failing whole).
    ///
    /// CryptoCompare refuses a whole request for one ticker it has no pair for ("… does not exist
    /// for this coin pair (SOL-USD)") rather than leaving it out; the ticker the refusal names is
    /// then dropped and the rest asked again. Each retry drops one of the user's own tickers, so
    /// there are at most as many as unknown ones, and none when all are known.
    public func availableQuotes(symbols: [String], currency: String) async throws -> Fetched<[String: Quote]> {
        var remaining = SymbolList(symbols).symbols
        while !remaining.isEmpty {
            do {
                return try await fetch(.quotes(symbols: remaining, currency: currency)) {
                    try PriceMultiFullResponse.quotes($0, currency: currency)
                }
            } catch let error as LacriptaError {
                let named = error.unknownSymbol.map { String($0.prefix { $0 != "-" }).uppercased() }
                guard let named, let index = remaining.firstIndex(of: named) else { throw error }
                remaining.remove(at: index)
            }
        }
        return Fetched(value: [:], fetchedAt: now())
    }

    /// Daily closes of `symbol` over the last `days` days (1…2000), oldest first; the last point
    /// is today's latest price.
    public func history(of symbol: String, currency: String, days: Int) async throws -> Fetched<PriceHistory> {
        let ticker = symbol.trimmingCharacters(in: .whitespaces).uppercased()
        // `limit` bars back plus today's: `days` days of closes ending now, as CoinGecko gives.
        let endpoint = Endpoint.history(symbol: ticker, currency: currency, limit: min(max(days, 1), Self.maximumHistoryDays))
        let fetched = try await fetch(endpoint) { try HistodayResponse.decode($0) }
        // A pair with no trades answers all-zero bars, which the decoder drops: nothing to show.
        if fetched.value.points.isEmpty { throw LacriptaError.unknownSymbol(ticker, detail: "CryptoCompare has no history for it") }
        return fetched
    }

    /// One coin's detail from its `pricemultifull` figures: price, 24h range, volume, market cap
    /// and supply. CryptoCompare's price API has no records or description, so those stay empty;
    /// the name comes from the cached toplist when it lists the coin.
    public func detail(of symbol: String, currency: String) async throws -> Fetched<CoinDetail> {
        let ticker = symbol.trimmingCharacters(in: .whitespaces).uppercased()
        guard !ticker.isEmpty else { throw LacriptaError.unknownSymbol(symbol, detail: "no ticker given") }
        let name = cachedToplist(currency: currency)?.coins.first { $0.symbol.uppercased() == ticker }?.name ?? ticker
        let fetched = try await fetch(.quotes(symbols: [ticker], currency: currency)) {
            try PriceMultiFullResponse.decode($0, currency: currency)[ticker]?.detail(symbol: ticker, name: name, currency: currency)
        }
        guard let detail = fetched.value else { throw LacriptaError.unknownSymbol(ticker, detail: "CryptoCompare has no data for it") }
        return Fetched(value: detail, fetchedAt: fetched.fetchedAt, offlineReason: fetched.offlineReason)
    }

    /// The toplist last stored in the cache for `currency`, whatever its age (for name lookups).
    public func cachedToplist(currency: String) -> Toplist? {
        for limit in [Self.maximumToplistPage, 50, Self.minimumToplistPage] {
            if let entry = cache?.load(Endpoint.toplist(currency: currency, limit: limit, page: 0), base: configuration.apiBaseURL),
                let list = try? ToplistResponse.decode(entry.body, currency: currency, rankOffset: 0)
            {
                return list
            }
        }
        return nil
    }

    /// The shared request cycle (conditional GET, cache, offline fallback) for `endpoint`.
    func fetch<Value: Sendable>(_ endpoint: Endpoint, decode: (Data) throws -> Value) async throws -> Fetched<Value> {
        try await fetcher.fetch(
            endpoint, send: { try await send(endpoint, validators: $0) }, decode: decode,
            dataError: { LacriptaError.badData(endpoint: endpoint.path, detail: $0.pathDescription) })
    }

    var fetcher: CachedFetcher { CachedFetcher(cache: cache, base: configuration.apiBaseURL, now: now) }

    /// One request: the key goes in the header, never in the URL; `validators` (when there are
    /// any) make it conditional.
    private func send(_ endpoint: Endpoint, validators: HTTPValidators) async throws -> CachedFetcher.Answer {
        let url = endpoint.url(base: configuration.apiBaseURL)
        let headers = ["accept": "application/json", "user-agent": LacriptaVersion.userAgent]
        let credentials = configuration.apiKey.map { ["authorization": $0.headerValue] } ?? [:]
        let request = HTTPRequest(url: url, headers: headers, credentials: credentials, timeout: configuration.requestTimeout)
            .conditional(on: validators)
        let site = RequestSite(source: "CryptoCompare", setting: EnvironmentKey.apiURL.rawValue, path: endpoint.path)
        let response = try await transport.get(request, site: site)
        // A 304 to a request that was not conditional is no answer at all: the envelope says so.
        if response.status == 304, !validators.isEmpty { return .notModified(HTTPValidators(response: response)) }
        try ServiceEnvelope.check(response, endpoint: endpoint, now: now())
        return .body(response.body, HTTPValidators(response: response))
    }
}
