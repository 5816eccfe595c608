import Foundation

/// Where prices come from: the seam between the commands and a market-data service. Two
/// services stand behind it: CryptoCompare (keyed) and CoinGecko (keyless). Each says who it is
/// and how it ranks, because every output names where its data came from.
public protocol MarketDataSource: Sendable {
    /// The service's name as outputs show it ("CoinGecko").
    var name: String { get }
    /// How its toplist is ranked, as a footer says it ("ranked by market cap").
    var ranking: String { get }
    /// The change periods its toplist fills, in the order `ChangePeriod` lists them.
    var changePeriods: [ChangePeriod] { get }
    /// The shortest refresh interval worth asking for, in seconds: the service's own cache or
    /// rate limit makes anything faster pointless or harmful.
    var minimumRefreshInterval: Int { get }

    /// The top `limit` coins priced in `currency`, from the service or (offline) the cache.
    func toplist(currency: String, limit: Int) async throws -> Fetched<Toplist>
    /// The toplist last cached for `currency`, whatever its age (for resolving names offline).
    func cachedToplist(currency: String) -> Toplist?
    /// The market figures of each of `symbols` (tickers) in `currency`, keyed by upper-case
    /// ticker; a ticker the service does not know is `LacriptaError.unknownSymbol` (exit 65).
    func quotes(symbols: [String], currency: String) async throws -> Fetched<[String: Quote]>
    /// The same request, answering only what the service has: an unknown ticker is left out
    /// instead of failing the whole answer (a list of favourites shows a dash for it).
    func availableQuotes(symbols: [String], currency: String) async throws -> Fetched<[String: Quote]>
    /// The coins `symbols` name, in that order, with their figures: one request for the set (see
    /// the extension's default, which names coins from the cached toplist).
    func coins(symbols: [String], currency: String) async throws -> Fetched<[Coin]>
    /// Daily closes of one coin over the last `days` days, oldest first, ending with today's
    /// latest price.
    func history(of symbol: String, currency: String, days: Int) async throws -> Fetched<PriceHistory>
    /// One coin's detail page; figures a service does not have (CryptoCompare's records) are nil.
    func detail(of symbol: String, currency: String) async throws -> Fetched<CoinDetail>
    /// Every coin the service lists (its key, ticker and name), for search; reused for a day.
    func coinList() async throws -> Fetched<[CoinListEntry]>
    /// The coin `input` (a ticker or a name, any case) stands for, with a note when others share
    /// its ticker; nil when the service lists none. Its `id` is what `detail(id:)` and
    /// `history(id:)` take, so the choice made here (and reported) is the one shown.
    func resolveCoin(_ input: String) async throws -> CoinLookup.Resolution?
    /// The detail of the coin the service keys `id` (CoinGecko's id, CryptoCompare's ticker).
    func detail(id: String, currency: String) async throws -> Fetched<CoinDetail>
    /// Daily closes of the coin the service keys `id`, as `history(of:)` gives them.
    func history(id: String, currency: String, days: Int) async throws -> Fetched<PriceHistory>
    /// The prices of the coin keyed `id` over `range` at the finest spacing the service gives
    /// for it without a key (see `MarketDataSource+PriceSeries.swift` for the default).
    func priceSeries(id: String, currency: String, range: ChartRange) async throws -> Fetched<PriceSeries>
    /// The service's own candles of the coin keyed `id` over `range`, `interval` wide where it
    /// offers that width; nil when it has none (see `MarketDataSource+Candles.swift`).
    func candles(id: String, currency: String, range: ChartRange, interval: SeriesInterval) async throws -> Fetched<CandleSeries>?
}

extension MarketDataSource {
    /// "CoinGecko, ranked by market cap": the line every toplist output carries.
    public var attribution: String { "\(name), \(ranking)" }

    /// A usage error when `period` is one this source has no figures for, naming the source and
    /// the periods it has: CoinGecko has no change since midnight.
    public func check(_ period: ChangePeriod) throws(LacriptaError) {
        guard !changePeriods.contains(period) else { return }
        let offered = changePeriods.map(\.rawValue).joined(separator: " or ")
        throw .usage("--change \(period.rawValue): \(name) has no such figure; it offers \(offered)")
    }
}

extension CryptoCompareClient: MarketDataSource {
    public var name: String { "CryptoCompare" }
    public var ranking: String { "ranked by top-tier volume" }
    public var changePeriods: [ChangePeriod] { ChangePeriod.allCases }
    public var minimumRefreshInterval: Int { 10 }
}

extension CoinGeckoClient: MarketDataSource {
    public var name: String { "CoinGecko" }
    public var ranking: String { "ranked by market cap" }
    public var changePeriods: [ChangePeriod] { ChangePeriod.allCases.filter(CoinGeckoMarketsResponse.changePeriods.contains) }
    public var minimumRefreshInterval: Int { Int(Self.toplistLifetime) }

    public func cachedToplist(currency: String) -> Toplist? { cachedToplist(currency: currency, limit: 1) }

    public func resolveCoin(_ input: String) async throws -> CoinLookup.Resolution? {
        try await CoinLookup(client: self).resolve(input)
    }
}
