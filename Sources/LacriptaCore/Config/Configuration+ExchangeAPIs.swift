import Foundation

extension Configuration {
    /// Kraken's public REST API. The only place it is spelled out.
    public static let defaultKrakenAPIURL = "https://api.kraken.com"
    /// Coinbase Exchange's public REST API. The only place it is spelled out.
    public static let defaultCoinbaseAPIURL = "https://api.exchange.coinbase.com"

    /// The REST base of `exchange`'s candles: the configured one, else the exchange's own; nil
    /// for an exchange whose candles lacripta does not read.
    public func candleBaseURL(_ exchange: Exchange) -> URL? {
        if let configured = exchangeAPIURLs[exchange] { return configured }
        switch exchange {
        case .kraken: return Self.defaultURL(Self.defaultKrakenAPIURL)
        case .coinbase: return Self.defaultURL(Self.defaultCoinbaseAPIURL)
        default: return nil
        }
    }

    /// The exchanges' REST bases that are configured (`kraken_api_url`, `coinbase_api_url`),
    /// checked like every other REST base.
    static func exchangeAPIURLs(_ setting: (ConfigKey) -> SettingValue?) throws -> [Exchange: URL] {
        var urls: [Exchange: URL] = [:]
        for (exchange, key, fallback) in [
            (Exchange.kraken, ConfigKey.krakenAPIURL, defaultKrakenAPIURL), (.coinbase, .coinbaseAPIURL, defaultCoinbaseAPIURL),
        ] {
            guard let value = setting(key) else { continue }
            urls[exchange] = try url(value, default: fallback, schemes: ["http", "https"])
        }
        return urls
    }
}
