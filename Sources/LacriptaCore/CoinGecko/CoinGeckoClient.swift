import Foundation
import LacriptaNet

/// CoinGecko's public API as lacripta uses it: keyless by default, with an optional demo key in
/// the `x-cg-demo-api-key` header; every request names lacripta in its `User-Agent` (CoinGecko
/// refuses requests without one) and asks for an unencoded body.
///
/// The keyless limit is a few calls a minute, so answers are reused: the toplist for the 30 s
/// CoinGecko's own edge cache keeps it anyway, the coin list for a day, charts for five minutes.
/// Every other request is conditional on what the cache holds, and an unreachable service falls
/// back to the cached answer, marked offline, as for CryptoCompare.
public struct CoinGeckoClient: Sendable {
    private let configuration: Configuration
    private let transport: any HTTPTransport
    private let cache: ResponseCache?
    let now: @Sendable () -> Date

    /// How long answers are reused without asking (keyless reference §1.3).
    static let toplistLifetime: TimeInterval = 30
    static let coinListLifetime: TimeInterval = 24 * 3600
    static let chartLifetime: TimeInterval = 5 * 60
    static let detailLifetime: TimeInterval = 60

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

    /// The top `limit` coins (1…250) by market cap, priced in `currency`: one request.
    public func toplist(currency: String, limit: Int) async throws -> Fetched<Toplist> {
        let endpoint = CoinGeckoEndpoint.markets(currency: currency, perPage: min(max(limit, 1), CoinGeckoEndpoint.maximumPage), page: 1)
        let decode = { (body: Data) throws -> Toplist in
            var list = try CoinGeckoMarketsResponse.decode(body, currency: currency)
            list.coins = Array(list.coins.prefix(limit))
            return list
        }
        return try await fetch(endpoint, lifetime: Self.toplistLifetime, decode: decode)
    }

    /// The toplist last stored for `currency` with at least `limit` coins, whatever its age.
    public func cachedToplist(currency: String, limit: Int = 1) -> Toplist? {
        for page in [CoinGeckoEndpoint.maximumPage, 100, 50] where page >= limit {
            if let entry = cache?.load(CoinGeckoEndpoint.markets(currency: currency, perPage: page, page: 1), base: base),
                let list = try? CoinGeckoMarketsResponse.decode(entry.body, currency: currency)
            {
                return list
            }
        }
        return nil
    }

    /// One coin's detail by CoinGecko id, priced in `currency`.
    public func detail(id: String, currency: String) async throws -> Fetched<CoinDetail> {
        try await fetch(.coin(id: id), lifetime: Self.detailLifetime) { try CoinGeckoCoinResponse.decode($0, currency: currency) }
    }

    /// Daily closing prices of one coin over the last `days` days.
    public func history(id: String, currency: String, days: Int) async throws -> Fetched<PriceHistory> {
        try await fetch(.marketChart(id: id, currency: currency, days: days), lifetime: Self.chartLifetime) {
            try CoinGeckoMarketChartResponse.decode($0).dailyCloses()
        }
    }

    /// The market figures of each of `symbols` in `currency`, keyed by upper-case ticker: one
    /// `/coins/markets?symbols=…` request, reused like the toplist. Tickers are not unique; the
    /// answer comes in market-cap order and the largest coin of each ticker wins, as `CoinLookup`
    /// picks. A ticker CoinGecko leaves out is `unknownSymbol`.
    public func quotes(symbols: [String], currency: String) async throws -> Fetched<[String: Quote]> {
        let list = SymbolList(symbols)
        let fetched = try await availableQuotes(symbols: list.symbols, currency: currency)
        try list.requireAll(in: fetched.value, source: "CoinGecko")
        return fetched
    }

    /// The same one request, answering what CoinGecko has; a ticker it leaves out is left out.
    public func availableQuotes(symbols: [String], currency: String) async throws -> Fetched<[String: Quote]> {
        let list = SymbolList(symbols)
        guard !list.symbols.isEmpty else { return Fetched(value: [:], fetchedAt: now()) }
        return try await fetch(.quotes(symbols: list.symbols, currency: currency), lifetime: Self.toplistLifetime) { body in
            var quotes: [String: Quote] = [:]
            for coin in try CoinGeckoMarketsResponse.decode(body, currency: currency).coins where quotes[coin.symbol] == nil {
                quotes[coin.symbol] = coin.quote ?? Quote(currency: currency)
            }
            return quotes
        }
    }

    /// The coins `symbols` name with their names and figures, from the same one request as
    /// `availableQuotes` (CoinGecko's answer carries the names; the largest coin of a ticker wins).
    public func coins(symbols: [String], currency: String) async throws -> Fetched<[Coin]> {
        let list = SymbolList(symbols)
        guard !list.symbols.isEmpty else { return Fetched(value: [], fetchedAt: now()) }
        let fetched = try await fetch(.quotes(symbols: list.symbols, currency: currency), lifetime: Self.toplistLifetime) { body in
            var found: [String: Coin] = [:]
            for coin in try CoinGeckoMarketsResponse.decode(body, currency: currency).coins where found[coin.symbol] == nil {
                found[coin.symbol] = coin
            }
            return found
        }
        let coins = list.symbols.enumerated().map { index, symbol in
            var coin = fetched.value[symbol] ?? Coin(rank: 0, symbol: symbol, name: symbol, quote: nil)
            coin.rank = index + 1
            return coin
        }
        return Fetched(value: coins, fetchedAt: fetched.fetchedAt, offlineReason: fetched.offlineReason)
    }

    /// Daily closes of the coin `symbol` names (a ticker or a name), resolved with `CoinLookup`.
    public func history(of symbol: String, currency: String, days: Int) async throws -> Fetched<PriceHistory> {
        try await history(id: try await coinID(for: symbol), currency: currency, days: days)
    }

    /// The detail of the coin `symbol` names (a ticker or a name), resolved with `CoinLookup`.
    public func detail(of symbol: String, currency: String) async throws -> Fetched<CoinDetail> {
        try await detail(id: try await coinID(for: symbol), currency: currency)
    }

    /// The CoinGecko id for what the user typed; `unknownSymbol` when no list names it.
    private func coinID(for symbol: String) async throws -> String {
        guard let resolution = try await CoinLookup(client: self).resolve(symbol) else {
            throw LacriptaError.unknownSymbol(symbol.uppercased(), detail: "CoinGecko lists no coin by that ticker or name")
        }
        return resolution.coin.id
    }

    /// Every coin CoinGecko lists (id, symbol, name), reused for a day.
    public func coinList() async throws -> Fetched<[CoinListEntry]> {
        try await fetch(.coinList, lifetime: Self.coinListLifetime) { try CoinGeckoCoinListResponse.decode($0) }
    }

    /// CoinGecko's search: coins whose name or symbol match `query`, with their market-cap ranks.
    public func search(_ query: String) async throws -> Fetched<[CoinListEntry]> {
        try await fetch(.search(query: query), lifetime: Self.toplistLifetime) { try CoinGeckoSearchResponse.decode($0) }
    }

    private var base: URL { configuration.coinGeckoBaseURL }

    /// A fresh enough cached answer, else the shared request cycle.
    func fetch<Value: Sendable>(
        _ endpoint: CoinGeckoEndpoint, lifetime: TimeInterval, decode: (Data) throws -> Value
    ) async throws -> Fetched<Value> {
        let fetcher = CachedFetcher(cache: cache, base: base, now: now)
        if let fresh = fetcher.fresh(endpoint, lifetime: lifetime, decode: decode) { return fresh }
        return try await fetcher.fetch(
            endpoint, send: { try await send(endpoint, validators: $0) }, decode: decode,
            dataError: { LacriptaError.badData(endpoint: endpoint.path, detail: $0.pathDescription, source: "CoinGecko") })
    }

    /// One request: the demo key (if any) in its header, never in the URL.
    private func send(_ endpoint: CoinGeckoEndpoint, validators: HTTPValidators) async throws -> CachedFetcher.Answer {
        let headers = ["accept": "application/json", "user-agent": LacriptaVersion.userAgent]
        let credentials = configuration.coinGeckoKey.map { ["x-cg-demo-api-key": $0.bareHeaderValue] } ?? [:]
        let request = HTTPRequest(
            url: endpoint.url(base: base), headers: headers, credentials: credentials, timeout: configuration.requestTimeout
        )
        .conditional(on: validators)
        let site = RequestSite(source: "CoinGecko", setting: EnvironmentKey.coinGeckoURL.rawValue, path: endpoint.path)
        let response = try await transport.get(request, site: site)
        if response.status == 304, !validators.isEmpty { return .notModified(HTTPValidators(response: response)) }
        if let failure = CoinGeckoFailure.classify(status: response.status, contentType: response.headers["content-type"], body: response.body) {
            throw failure.lacriptaError(
                retryAfter: response.retryAfter?.seconds(from: now()), endpoint: endpoint, hasKey: configuration.coinGeckoKey != nil)
        }
        return .body(response.body, HTTPValidators(response: response))
    }
}
