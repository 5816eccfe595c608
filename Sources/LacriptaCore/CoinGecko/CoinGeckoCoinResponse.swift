import Foundation

/// CoinGecko's `/coins/{id}` (asked with `localization=false&tickers=false&market_data=true&…`):
/// one coin's detail page.
///
/// Quirks (keyless reference §1.6): most figures are maps keyed by lower-case currency
/// (`"ath":{"btc":…,"usd":…}`) and a map can lack a currency the others have; the plain
/// `price_change_percentage_7d` and `price_change_24h` are in USD, so they stand in only when USD
/// was asked for; `max_supply` is null for uncapped coins, with `max_supply_infinite` (2025+)
/// saying so; `links.homepage` pads with `""`; `description.en` is HTML.
public enum CoinGeckoCoinResponse {
    /// Decodes the detail with figures in `currency` (any case: `USD` reads the `usd` entries).
    public static func decode(_ data: Data, currency: String) throws(DecodingError) -> CoinDetail {
        try TypedJSON.decode(Body.self, from: data).detail(currency: currency)
    }

    private struct Body: Decodable {
        let id: String
        let symbol: String
        let name: String
        private let fields: KeyedDecodingContainer<AnyKey>

        init(from decoder: any Decoder) throws {
            let head = try CoinGeckoObject(from: decoder)
            (id, symbol, name, fields) = (head.id, head.symbol, head.name, head.fields)
        }

        func detail(currency: String) -> CoinDetail {
            let market = MarketData(fields.lenientObject(AnyKey("market_data")), currency: currency.lowercased())
            let quote = Quote(
                currency: currency,
                price: market.inCurrency("current_price"),
                change24h: market.inCurrency("price_change_24h_in_currency") ?? market.usdOnly("price_change_24h"),
                changePercent24h: market.percent("24h"),
                changeHour: CoinGeckoChange.absolute(price: market.inCurrency("current_price"), percent: market.percent("1h")),
                changePercentHour: market.percent("1h"),
                volume24h: market.inCurrency("total_volume"),
                marketCap: market.inCurrency("market_cap"),
                supply: market.number("circulating_supply"),
                high24h: market.inCurrency("high_24h"),
                low24h: market.inCurrency("low_24h"),
                lastUpdate: market.fields?.lenientDate(AnyKey("last_updated")) ?? fields.lenientDate(AnyKey("last_updated"))
            )
            return CoinDetail(
                id: id, symbol: symbol.uppercased(), name: name,
                marketCapRank: fields.lenientInteger(AnyKey("market_cap_rank")) ?? market.fields?.lenientInteger(AnyKey("market_cap_rank")),
                quote: quote,
                allTimeHigh: market.record("ath"), allTimeLow: market.record("atl"),
                changePercent7d: market.percent("7d"), changePercent30d: market.percent("30d"), changePercent1y: market.percent("1y"),
                circulatingSupply: market.number("circulating_supply"), totalSupply: market.number("total_supply"),
                maxSupply: market.number("max_supply"), maxSupplyIsInfinite: market.fields?.lenientBool(AnyKey("max_supply_infinite")),
                fullyDilutedValuation: market.inCurrency("fully_diluted_valuation"),
                descriptionHTML: fields.lenientObject(AnyKey("description"))?.lenientString(AnyKey("en")).flatMap { $0.isEmpty ? nil : $0 },
                homepage: homepage,
                categories: strings(fields, "categories")
            )
        }

        /// The first non-empty `links.homepage` entry.
        private var homepage: String? {
            guard let links = fields.lenientObject(AnyKey("links")) else { return nil }
            return strings(links, "homepage").first
        }

        /// The non-empty strings of the array at `key`; nulls and other values are skipped.
        private func strings(_ container: KeyedDecodingContainer<AnyKey>, _ key: String) -> [String] {
            let values = (try? container.decodeIfPresent([LenientString].self, forKey: AnyKey(key))) ?? nil
            return (values ?? []).compactMap(\.value).filter { !$0.isEmpty }
        }
    }

    /// The `market_data` object, read for one currency.
    private struct MarketData {
        let fields: KeyedDecodingContainer<AnyKey>?
        let currency: String

        init(_ fields: KeyedDecodingContainer<AnyKey>?, currency: String) {
            self.fields = fields
            self.currency = currency
        }

        /// A plain number (`circulating_supply`).
        func number(_ key: String) -> Double? { fields?.lenientDouble(AnyKey(key)) }

        /// The `currency` entry of the map at `key`.
        func inCurrency(_ key: String) -> Double? {
            fields?.lenientObject(AnyKey(key))?.lenientDouble(AnyKey(currency))
        }

        /// A plain USD figure, only when USD is the currency asked for.
        func usdOnly(_ key: String) -> Double? { currency == "usd" ? number(key) : nil }

        /// Percent change over `window` (`24h`, `7d`, …) in the currency, from the per-currency map,
        /// else from the plain USD field when the currency is USD.
        func percent(_ window: String) -> Double? {
            inCurrency("price_change_percentage_\(window)_in_currency") ?? usdOnly("price_change_percentage_\(window)")
        }

        /// The all-time high (`ath`) or low (`atl`) with its date and distance.
        func record(_ key: String) -> PriceRecord? {
            guard let price = inCurrency(key) else { return nil }
            let date = fields?.lenientObject(AnyKey("\(key)_date"))?.lenientString(AnyKey(currency)).flatMap(InternetDate.rfc3339)
            return PriceRecord(price: price, date: date, changePercent: inCurrency("\(key)_change_percentage"))
        }
    }
}
