import Foundation

/// A coin's market figures in one quote currency, from the `RAW.<CURRENCY>` block.
///
/// Every field is optional: the key set changed over the years and any of them can be missing.
public struct Quote: Sendable, Equatable, Codable {
    /// The quote currency, e.g. USD.
    public var currency: String
    /// Last price.
    public var price: Double?
    /// Price change and percent over the rolling 24 hours.
    public var change24h: Double?
    /// Percent change over the rolling 24 hours.
    public var changePercent24h: Double?
    /// Change since 00:00 UTC.
    public var changeDay: Double?
    /// Percent change since 00:00 UTC.
    public var changePercentDay: Double?
    /// Change since the start of the hour.
    public var changeHour: Double?
    /// Percent change since the start of the hour.
    public var changePercentHour: Double?
    /// Total 24h volume of the coin across all pairs, in the quote currency.
    public var volume24h: Double?
    /// Market capitalisation in the quote currency.
    public var marketCap: Double?
    /// Circulating supply (coins).
    public var supply: Double?
    /// 24h high and low.
    public var high24h: Double?
    /// 24h low.
    public var low24h: Double?
    /// Time of the last update.
    public var lastUpdate: Date?

    /// Creates a quote.
    public init(
        currency: String, price: Double? = nil, change24h: Double? = nil, changePercent24h: Double? = nil,
        changeDay: Double? = nil, changePercentDay: Double? = nil, changeHour: Double? = nil,
        changePercentHour: Double? = nil, volume24h: Double? = nil, marketCap: Double? = nil,
        supply: Double? = nil, high24h: Double? = nil, low24h: Double? = nil, lastUpdate: Date? = nil
    ) {
        self.currency = currency
        self.price = price
        self.change24h = change24h
        self.changePercent24h = changePercent24h
        self.changeDay = changeDay
        self.changePercentDay = changePercentDay
        self.changeHour = changeHour
        self.changePercentHour = changePercentHour
        self.volume24h = volume24h
        self.marketCap = marketCap
        self.supply = supply
        self.high24h = high24h
        self.low24h = low24h
        self.lastUpdate = lastUpdate
    }

    /// The absolute change over `period`.
    public func change(over period: ChangePeriod) -> Double? {
        switch period {
        case .rolling24h: change24h
        case .day: changeDay
        case .hour: changeHour
        }
    }

    /// The percent change over `period`.
    public func changePercent(over period: ChangePeriod) -> Double? {
        switch period {
        case .rolling24h: changePercent24h
        case .day: changePercentDay
        case .hour: changePercentHour
        }
    }
}
