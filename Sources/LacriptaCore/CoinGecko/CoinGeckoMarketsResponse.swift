import Foundation

/// CoinGecko's `/coins/markets`: the toplist, one call for up to 250 coins.
///
/// Quirks (keyless reference §1.5): `symbol` is lower case; whole numbers come without `.0` and
/// supplies with it; `market_cap_rank`, `max_supply`, `fully_diluted_valuation` and `roi` can be
/// null; `price_change_percentage_<w>_in_currency` keys exist only for the windows asked for;
/// tiny prices use exponents (`-1.3598074124488e-05`). Every field but `id`, `symbol` and `name`
/// is optional, and a coin missing one of those is dropped, not the page.
public enum CoinGeckoMarketsResponse {
    /// The change periods CoinGecko fills: the rolling 24 hours always, the last hour when the
    /// request asks for `price_change_percentage=1h`.
    ///
    /// It has nothing since midnight, so `Quote.changeDay` and `changePercentDay` stay nil and a
    /// view should not offer that period.
    public static let changePeriods: Set<ChangePeriod> = [.rolling24h, .hour]

    /// Decodes a page of the toplist, in the order sent (`order=market_cap_desc`, so by market cap).
    ///
    /// `rank` is the position on the page plus `rankOffset` (the coins on earlier pages), not
    /// `market_cap_rank`: that can be null, and ranks must stay unique and in order even then.
    /// A dropped coin keeps its place, so the ranks after it do not shift. `currency` is stored as
    /// given in the `Toplist` and each `Quote`.
    public static func decode(_ data: Data, currency: String, rankOffset: Int = 0) throws(DecodingError) -> Toplist {
        let items = try TypedJSON.decode(LenientElements<Item>.self, from: data).elements()
        let coins = items.map { offset, item in
            Coin(
                rank: rankOffset + offset + 1, symbol: item.symbol.uppercased(), name: item.name,
                quote: item.quote(currency: currency), sourceID: item.id)
        }
        return Toplist(currency: currency, coins: coins)
    }

    /// One coin of the page.
    private struct Item: Decodable {
        let id: String
        let symbol: String
        let name: String
        private let fields: KeyedDecodingContainer<AnyKey>

        init(from decoder: any Decoder) throws {
            let head = try CoinGeckoObject(from: decoder)
            (id, symbol, name, fields) = (head.id, head.symbol, head.name, head.fields)
        }

        private func number(_ name: String) -> Double? { fields.lenientDouble(AnyKey(name)) }

        /// The figures lacripta shows, in `currency`.
        func quote(currency: String) -> Quote {
            let price = number("current_price")
            let hourPercent = number("price_change_percentage_1h_in_currency")
            return Quote(
                currency: currency,
                price: price,
                change24h: number("price_change_24h"),
                changePercent24h: number("price_change_percentage_24h") ?? number("price_change_percentage_24h_in_currency"),
                changeHour: CoinGeckoChange.absolute(price: price, percent: hourPercent),
                changePercentHour: hourPercent,
                volume24h: number("total_volume"),
                marketCap: number("market_cap"),
                supply: number("circulating_supply"),
                high24h: number("high_24h"),
                low24h: number("low_24h"),
                lastUpdate: fields.lenientDate(AnyKey("last_updated"))
            )
        }
    }
}

/// Absolute changes CoinGecko gives only as percentages.
enum CoinGeckoChange {
    /// The change in price over a window from today's `price` and the window's `percent`: `price -
    /// price / (1 + percent/100)`.
    ///
    /// Nil when either is missing or the result is not finite (a change of -100% has no starting
    /// price to speak of).
    static func absolute(price: Double?, percent: Double?) -> Double? {
        guard let price, let percent else { return nil }
        let factor = 1 + percent / 100
        guard factor != 0 else { return nil }
        let change = price - price / factor
        return change.isFinite ? change : nil
    }
}
