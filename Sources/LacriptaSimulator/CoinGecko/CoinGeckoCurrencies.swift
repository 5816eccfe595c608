/// The `vs_currency` values the simulated CoinGecko quotes in, and how many units of each one US
/// dollar buys.
///
/// CoinGecko lists 63 (`/simple/supported_vs_currencies`, 2026-09); the simulator knows a dozen:
/// the fiat currencies whose rates `ExchangeRates` has, and the coins of the markets recording
/// CoinGecko also quotes in, priced from that recording itself so `bitcoin` in `btc` is exactly
/// 1. Anything else, `usdt` included (not a vs_currency on the real service either), gets the
/// recorded `{"error":"invalid vs_currency"}`.
struct CoinGeckoCurrencies: Sendable {
    /// Fiat currencies, from the rate table the CryptoCompare side uses.
    static let fiat = ["usd", "eur", "gbp", "jpy", "chf"]
    /// Coins CoinGecko quotes in, by id in the markets recording.
    static let crypto = [
        "btc": "bitcoin", "eth": "ethereum", "ltc": "litecoin", "bch": "bitcoin-cash", "bnb": "binancecoin",
        "xrp": "ripple", "link": "chainlink", "sol": "solana",
    ]

    private let unitsPerUSD: [String: Double]

    /// Builds the table from the fiat rates and the markets items' USD prices.
    init(rates: ExchangeRates, markets: [JSONValue]) {
        var table: [String: Double] = [:]
        for code in Self.fiat {
            if let rate = rates.unitsPerUSD(of: code.uppercased()) { table[code] = rate }
        }
        for (code, id) in Self.crypto {
            guard let item = markets.first(where: { $0["id"]?.stringValue == id }),
                let price = item["current_price"]?.doubleValue, price > 0
            else { continue }
            table[code] = 1 / price
        }
        unitsPerUSD = table
    }

    /// Units of `code` (any case) per US dollar; nil when CoinGecko would refuse the currency.
    func unitsPerUSD(of code: String) -> Double? {
        unitsPerUSD[code.lowercased()]
    }

    /// The supported codes, sorted (detail maps list them in this order).
    var codes: [String] { unitsPerUSD.keys.sorted() }
}
