/// Named accessors for the fields a price display uses most; everything else is `fields[.x]`.
extension PriceFields {
    /// `PRICE`: the index price (5) or last trade price (2).
    public var price: Double? { self[.price] }
    /// `MEDIAN`: median of the index constituents (aggregate only).
    public var median: Double? { self[.median] }
    /// `BID`: best bid, where the exchange reports one.
    public var bid: Double? { self[.bid] }
    /// `ASK`: best ask, where the exchange reports one.
    public var ask: Double? { self[.ask] }
    /// `LASTUPDATE`: server time of the last change, Unix seconds; `nil` when absent, fractional
    /// or outside `UnixTime.plausibleSeconds` (then it is no time anyone should be shown).
    public var lastUpdate: Int? {
        self[.lastUpdate].flatMap { UnixTime.plausibleSeconds.contains($0) ? Int(exactly: $0) : nil }
    }
    /// `OPENDAY`: price at 00:00 GMT.
    public var openDay: Double? { self[.openDay] }
    /// `HIGHDAY`: highest price since 00:00 GMT.
    public var highDay: Double? { self[.highDay] }
    /// `LOWDAY`: lowest price since 00:00 GMT.
    public var lowDay: Double? { self[.lowDay] }
    /// `OPEN24HOUR`: price 24 hours ago (rolls once an hour).
    public var open24Hour: Double? { self[.open24Hour] }
    /// `HIGH24HOUR`: highest price in the last 24 hours.
    public var high24Hour: Double? { self[.high24Hour] }
    /// `LOW24HOUR`: lowest price in the last 24 hours.
    public var low24Hour: Double? { self[.low24Hour] }
    /// `VOLUMEDAY`: base volume since 00:00 GMT.
    public var volumeDay: Double? { self[.volumeDay] }
    /// `VOLUME24HOUR`: base volume in the last 24 hours.
    public var volume24Hour: Double? { self[.volume24Hour] }
    /// `VOLUME24HOURTO`: quote volume in the last 24 hours.
    public var volume24HourTo: Double? { self[.volume24HourTo] }
    /// `CURRENTSUPPLYMKTCAP`: price × current supply.
    public var marketCap: Double? { self[.currentSupplyMarketCap] }
}
