import Foundation
import LacriptaNet

/// Kraken's and Coinbase's public REST candles, keyless: one request per chart, reused for the
/// candle width's period (up to an hour), under the base URLs the configuration holds.
///
/// A pair the exchange does not list is nil, not an error, so the next source is asked: Kraken
/// says so in its `error` list with a 200, Coinbase with a 404 (or a 400 for a width it lacks).
public struct ExchangeCandlesClient: Sendable {
    private let configuration: Configuration
    private let transport: any HTTPTransport
    private let cache: ResponseCache?
    private let now: @Sendable () -> Date

    /// The exchanges asked, in order (reference portfolio §4.5).
    public static let exchanges: [Exchange] = [.kraken, .coinbase]

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

    /// `symbol`'s candles in `currency`, `interval` wide, from `exchange`; nil when it does not
    /// list the pair or has no such width.
    public func candles(
        on exchange: Exchange, symbol: String, currency: String, interval: SeriesInterval
    ) async throws
        -> Fetched<CandleSeries>?
    {
        guard let endpoint = Self.endpoint(exchange, symbol: symbol, currency: currency, interval: interval),
            let base = configuration.candleBaseURL(exchange)
        else { return nil }
        let market = Self.marketName(exchange, symbol: symbol, currency: currency)
        let decode = { (body: Data) throws -> CandleSeries? in
            let candles = exchange == .kraken ? try KrakenOHLCResponse.decode(body) : try CoinbaseCandlesResponse.decode(body)
            return candles.map { CandleSeries(candles: $0, interval: interval, source: exchange.description, market: market) }
        }
        let fetcher = CachedFetcher(cache: cache, base: base, now: now)
        if let fresh = fetcher.fresh(endpoint, lifetime: TimeInterval(min(interval.seconds, 3600)), decode: decode) {
            return fresh.value.map { Fetched(value: $0, fetchedAt: fresh.fetchedAt) }
        }
        let fetched: Fetched<CandleSeries?>
        do {
            fetched = try await fetcher.fetch(
                endpoint, send: { try await send(endpoint, exchange: exchange, base: base, validators: $0) }, decode: decode,
                dataError: { LacriptaError.badData(endpoint: endpoint.path, detail: $0.pathDescription, source: exchange.description) })
        } catch let error as NotListed {
            _ = error
            return nil
        }
        guard let series = fetched.value, !series.candles.isEmpty else { return nil }
        return Fetched(value: series, fetchedAt: fetched.fetchedAt, offlineReason: fetched.offlineReason)
    }

    /// The request for the pair at that width, or nil when the exchange has no such width.
    static func endpoint(_ exchange: Exchange, symbol: String, currency: String, interval: SeriesInterval) -> ExchangeCandleEndpoint? {
        let base = symbol.uppercased()
        let quote = currency.uppercased()
        switch exchange {
        case .kraken where ExchangeCandleEndpoint.krakenWidths.contains(interval.seconds):
            return .krakenOHLC(pair: krakenAsset(base) + krakenAsset(quote), minutes: interval.seconds / 60)
        case .coinbase where ExchangeCandleEndpoint.coinbaseWidths.contains(interval.seconds):
            return .coinbaseCandles(product: "\(base)-\(quote)", seconds: interval.seconds)
        default:
            return nil
        }
    }

    /// "XBT/USD", "BTC-USD": the market as the exchange writes it.
    static func marketName(_ exchange: Exchange, symbol: String, currency: String) -> String {
        exchange == .kraken
            ? "\(krakenAsset(symbol.uppercased()))/\(krakenAsset(currency.uppercased()))" : "\(symbol.uppercased())-\(currency.uppercased())"
    }

    /// Kraken's names for the two assets it spells its own way.
    private static func krakenAsset(_ ticker: String) -> String {
        switch ticker {
        case "BTC": "XBT"
        case "DOGE": "XDG"
        default: ticker
        }
    }

    /// Thrown by `send` for an answer that means "no such pair here": never cached, never shown.
    private struct NotListed: Error {}

    private func send(
        _ endpoint: ExchangeCandleEndpoint, exchange: Exchange, base: URL, validators: HTTPValidators
    ) async throws
        -> CachedFetcher.Answer
    {
        let headers = ["accept": "application/json", "user-agent": LacriptaVersion.userAgent]
        let request = HTTPRequest(url: endpoint.url(base: base), headers: headers, timeout: configuration.requestTimeout)
            .conditional(on: validators)
        let setting = exchange == .kraken ? EnvironmentKey.krakenAPIURL : EnvironmentKey.coinbaseAPIURL
        let site = RequestSite(source: exchange.description, setting: setting.rawValue, path: endpoint.path)
        let response = try await transport.get(request, site: site)
        switch response.status {
        case 200: return .body(response.body, HTTPValidators(response: response))
        case 304 where !validators.isEmpty: return .notModified(HTTPValidators(response: response))
        case 400, 404: throw NotListed()
        case 429:
            throw LacriptaError.sourceRateLimited(
                exchange.description, retryAfter: response.retryAfter?.seconds(from: now()), hint: "its public API allows a few requests a second")
        default:
            throw LacriptaError.unavailable("\(exchange.description) answered HTTP \(response.status) for its candles", setting: setting.rawValue)
        }
    }
}
