import Foundation

/// One `RAW.<CURRENCY>` block, as the toplist and `pricemultifull` both send it (the same fields). Every field optional, every number lenient; a block that is not an
/// object (`null`, a number) decodes as no block rather than failing the list.
struct RawQuote: Decodable {
    private let fields: KeyedDecodingContainer<AnyKey>?

    init(from decoder: any Decoder) {
        fields = try? decoder.container(keyedBy: AnyKey.self)
    }

    /// The field `name` as a number, nil when absent or unusable.
    func number(_ name: String) -> Double? { fields?.lenientDouble(AnyKey(name)) }

    /// The figures lacripta uses, in `currency`; nil when the block was not an object.
    func quote(currency: String) -> Quote? {
        guard fields != nil else { return nil }
        return Quote(
            currency: currency,
            price: number("PRICE"),
            change24h: number("CHANGE24HOUR"),
            changePercent24h: number("CHANGEPCT24HOUR"),
            changeDay: number("CHANGEDAY"),
            changePercentDay: number("CHANGEPCTDAY"),
            changeHour: number("CHANGEHOUR"),
            changePercentHour: number("CHANGEPCTHOUR"),
            // The coin's volume across all pairs; the pair's own VOLUME24HOURTO is a fallback.
            volume24h: number("TOTALVOLUME24HTO") ?? number("VOLUME24HOURTO"),
            marketCap: number("MKTCAP"),
            supply: number("CIRCULATINGSUPPLY") ?? number("SUPPLY"),
            high24h: number("HIGH24HOUR"),
            low24h: number("LOW24HOUR"),
            lastUpdate: number("LASTUPDATE").flatMap { Date(unixSeconds: $0) }
        )
    }

    /// A detail page built from this block alone: `pricemultifull` has today's figures and the
    /// supply but no records, description or rank, so those stay empty. `name` is the best name
    /// known for the coin (the ticker when nothing better is at hand).
    func detail(symbol: String, name: String, currency: String) -> CoinDetail? {
        guard let quote = quote(currency: currency) else { return nil }
        return CoinDetail(
            id: symbol, symbol: symbol, name: name, quote: quote,
            circulatingSupply: number("CIRCULATINGSUPPLY") ?? number("SUPPLY"),
            // CryptoCompare's SUPPLY is the coins that exist, circulating or not.
            totalSupply: number("SUPPLY"))
    }
}
