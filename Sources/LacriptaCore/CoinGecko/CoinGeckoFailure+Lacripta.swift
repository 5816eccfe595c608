/// How a CoinGecko failure is told to the user: the class decides the exit code, our own words
/// say what to do; the service's message is never shown (it is untrusted and full of sales links).
extension CoinGeckoFailure {
    /// The setting that points at CoinGecko, named in advice.
    private static let urlSetting = "\(EnvironmentKey.coinGeckoURL.rawValue) (or `\(ConfigKey.coinGeckoURL.rawValue)`)"

    /// This failure as a `LacriptaError`. `retryAfter` is the service's `Retry-After` in seconds,
    /// `hasKey` whether a demo key went with the request (it changes the advice).
    func lacriptaError(retryAfter: Int?, endpoint: CoinGeckoEndpoint, hasKey: Bool) -> LacriptaError {
        switch kind {
        case .rateLimited:
            let hint =
                hasKey
                ? "the demo key's limit is about 100 calls a minute"
                : "the keyless API allows a few calls a minute; a free demo key in \(EnvironmentKey.coinGeckoAPIKey.rawValue) raises that"
            return .sourceRateLimited("CoinGecko", retryAfter: retryAfter, hint: hint)
        case .keyRequired, .planRestricted, .wrongHostForKey:
            let fix =
                hasKey
                ? "check \(EnvironmentKey.coinGeckoAPIKey.rawValue), or unset it to use the keyless API"
                : "check \(Self.urlSetting): the keyless API is \(Configuration.defaultCoinGeckoURL)"
            return .keyRefused("\(description): \(fix).")
        case .coinNotFound:
            if case .coin(let id) = endpoint { return .unknownSymbol(id, detail: "CoinGecko has no coin with that id") }
            if case .marketChart(let id, _, _) = endpoint { return .unknownSymbol(id, detail: "CoinGecko has no coin with that id") }
            if case .priceChart(let id, _, _) = endpoint { return .unknownSymbol(id, detail: "CoinGecko has no coin with that id") }
            if case .ohlc(let id, _, _) = endpoint { return .unknownSymbol(id, detail: "CoinGecko has no coin with that id") }
            return .unknownSymbol(endpoint.path, detail: description)
        case .invalidCurrency:
            let currency: String =
                switch endpoint {
                case .markets(let currency, _, _), .marketChart(_, let currency, _), .priceChart(_, let currency, _), .ohlc(_, let currency, _),
                    .quotes(_, let currency):
                    currency
                default: "that currency"
                }
            return .unknownSymbol(currency, detail: "CoinGecko does not quote prices in it; try USD, EUR or BTC")
        case .historyLimit:
            return .usage("\(description): ask for 365 days or fewer")
        case .notFound:
            return .configuration("\(description): check \(Self.urlSetting)")
        case .blocked:
            return .refused("\(description): wait a while, or use --source cryptocompare with a key.")
        case .unavailable:
            return .unavailable(description, setting: EnvironmentKey.coinGeckoURL.rawValue)
        case .userAgentRequired, .missingParameter, .badRequest, .unexpected:
            return .failed("\(description). This is lacripta's mistake or a change at CoinGecko: please report it.")
        }
    }
}
