import Foundation

/// One coin's detail page: today's market figures plus its records, supply and rank.
///
/// Built from CoinGecko's `/coins/{id}`; every figure is optional because the service drops
/// currencies from some maps and sends `null` for supplies it does not know.
public struct CoinDetail: Sendable, Equatable {
    /// The source's key for the coin (`ethereum`).
    public var id: String
    /// The ticker, upper case (`ETH`).
    public var symbol: String
    /// The full name (`Ethereum`).
    public var name: String
    /// Position by market capitalisation; nil for unranked coins.
    public var marketCapRank: Int?
    /// Price, 24h change, volume, market cap, circulating supply and 24h range in the currency
    /// asked for.
    ///
    /// CoinGecko has no since-midnight change, so `changeDay` stays nil.
    public var quote: Quote
    /// The all-time high in the quote currency, when known.
    public var allTimeHigh: PriceRecord?
    /// The all-time low in the quote currency, when known.
    public var allTimeLow: PriceRecord?
    /// Percent change over 7 days, 30 days and a year, in the quote currency.
    public var changePercent7d: Double?
    /// Percent change over 30 days.
    public var changePercent30d: Double?
    /// Percent change over a year.
    public var changePercent1y: Double?
    /// Coins in circulation.
    public var circulatingSupply: Double?
    /// Coins that exist, including locked ones.
    public var totalSupply: Double?
    /// The hard cap; nil when there is none or it is unknown (see `maxSupplyIsInfinite`).
    public var maxSupply: Double?
    /// True when the source says the supply has no cap (ETH), false when it says it has, nil when
    /// it does not say (bodies before 2025).
    public var maxSupplyIsInfinite: Bool?
    /// Market cap if the maximum (or total) supply were in circulation.
    public var fullyDilutedValuation: Double?
    /// The project's own description, raw HTML (`<a href>` links, `\r\n` paragraphs): convert
    /// it with `HTMLText` and sanitise it before display.
    public var descriptionHTML: String?
    /// The first non-empty homepage link.
    public var homepage: String?
    /// The source's categories for the coin ("Smart Contract Platform", "Layer 1 (L1)").
    public var categories: [String]

    /// Creates a detail.
    public init(
        id: String, symbol: String, name: String, marketCapRank: Int? = nil, quote: Quote,
        allTimeHigh: PriceRecord? = nil, allTimeLow: PriceRecord? = nil, changePercent7d: Double? = nil,
        changePercent30d: Double? = nil, changePercent1y: Double? = nil, circulatingSupply: Double? = nil,
        totalSupply: Double? = nil, maxSupply: Double? = nil, maxSupplyIsInfinite: Bool? = nil,
        fullyDilutedValuation: Double? = nil, descriptionHTML: String? = nil, homepage: String? = nil, categories: [String] = []
    ) {
        self.id = id
        self.symbol = symbol
        self.name = name
        self.marketCapRank = marketCapRank
        self.quote = quote
        self.allTimeHigh = allTimeHigh
        self.allTimeLow = allTimeLow
        self.changePercent7d = changePercent7d
        self.changePercent30d = changePercent30d
        self.changePercent1y = changePercent1y
        self.circulatingSupply = circulatingSupply
        self.totalSupply = totalSupply
        self.maxSupply = maxSupply
        self.maxSupplyIsInfinite = maxSupplyIsInfinite
        self.fullyDilutedValuation = fullyDilutedValuation
        self.descriptionHTML = descriptionHTML
        self.homepage = homepage
        self.categories = categories
    }
}

/// A record price (all-time high or low): how much, when, and how far today's price is from it.
public struct PriceRecord: Sendable, Equatable {
    /// The record price in the quote currency.
    public var price: Double
    /// When it was set; nil when the source gave no date.
    public var date: Date?
    /// Percent from the record to today's price (negative below an all-time high).
    public var changePercent: Double?

    /// Creates a record.
    public init(price: Double, date: Date? = nil, changePercent: Double? = nil) {
        self.price = price
        self.date = date
        self.changePercent = changePercent
    }
}
