/// A numeric field of a TYPE 5 (aggregate) or TYPE 2 (ticker) price message.
///
/// Case names spell out the wire names (`wireName`): `volume24HourTo` is `VOLUME24HOURTO`, the
/// quote-currency volume; `…MarketCap` is `…MKTCAP`. The raw value is the field's slot in `PriceFields` and its bit in `PriceFieldSet`, so keep the
/// cases below 32 and never reorder them without reading both.
public enum PriceField: Int, CaseIterable, Sendable {
    case price = 0
    case bid
    case ask
    case median
    case lastUpdate
    case lastVolume
    case lastVolumeTo
    case volumeHour
    case volumeHourTo
    case openHour
    case highHour
    case lowHour
    case volumeDay
    case volumeDayTo
    case openDay
    case highDay
    case lowDay
    case volume24Hour
    case volume24HourTo
    case open24Hour
    case high24Hour
    case low24Hour
    case topTierVolume24Hour
    case topTierVolume24HourTo
    case currentSupply
    case currentSupplyMarketCap
    case circulatingSupply
    case circulatingSupplyMarketCap
    case maxSupply
    case maxSupplyMarketCap
    case marketCapPenalty

    /// The JSON key the streamer uses for this field.
    public var wireName: String {
        switch self {
        case .price: "PRICE"
        case .bid: "BID"
        case .ask: "ASK"
        case .median: "MEDIAN"
        case .lastUpdate: "LASTUPDATE"
        case .lastVolume: "LASTVOLUME"
        case .lastVolumeTo: "LASTVOLUMETO"
        case .volumeHour: "VOLUMEHOUR"
        case .volumeHourTo: "VOLUMEHOURTO"
        case .openHour: "OPENHOUR"
        case .highHour: "HIGHHOUR"
        case .lowHour: "LOWHOUR"
        case .volumeDay: "VOLUMEDAY"
        case .volumeDayTo: "VOLUMEDAYTO"
        case .openDay: "OPENDAY"
        case .highDay: "HIGHDAY"
        case .lowDay: "LOWDAY"
        case .volume24Hour: "VOLUME24HOUR"
        case .volume24HourTo: "VOLUME24HOURTO"
        case .open24Hour: "OPEN24HOUR"
        case .high24Hour: "HIGH24HOUR"
        case .low24Hour: "LOW24HOUR"
        case .topTierVolume24Hour: "TOPTIERVOLUME24HOUR"
        case .topTierVolume24HourTo: "TOPTIERVOLUME24HOURTO"
        case .currentSupply: "CURRENTSUPPLY"
        case .currentSupplyMarketCap: "CURRENTSUPPLYMKTCAP"
        case .circulatingSupply: "CIRCULATINGSUPPLY"
        case .circulatingSupplyMarketCap: "CIRCULATINGSUPPLYMKTCAP"
        case .maxSupply: "MAXSUPPLY"
        case .maxSupplyMarketCap: "MAXSUPPLYMKTCAP"
        case .marketCapPenalty: "MKTCAPPENALTY"
        }
    }
}

/// A set of price fields (plus the few non-numeric parts of a price message) as one bit mask.
///
/// Used both for "which fields are present" and "which fields changed in a merge".
public struct PriceFieldSet: OptionSet, Sendable, Hashable {
    /// One bit per `PriceField` (bits 0–30) plus the string fields and FLAGS (bits 60–62).
    public let rawValue: UInt64

    /// Creates a set from its bit mask.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The set holding one numeric field.
    public init(_ field: PriceField) {
        self.rawValue = 1 << UInt64(field.rawValue)
    }

    /// `LASTTRADEID` (a string on the wire).
    public static let lastTradeID = PriceFieldSet(rawValue: 1 << 60)
    /// `LASTMARKET` (a string on the wire).
    public static let lastMarket = PriceFieldSet(rawValue: 1 << 61)
    /// `FLAGS`.
    public static let flags = PriceFieldSet(rawValue: 1 << 62)
    /// Every numeric field, the two string fields and FLAGS.
    public static let all = PriceFieldSet(rawValue: (UInt64(1) << UInt64(PriceField.allCases.count)) - 1).union([.lastTradeID, .lastMarket, .flags])

    /// Whether `field` is in the set.
    public func contains(_ field: PriceField) -> Bool {
        rawValue & (1 << UInt64(field.rawValue)) != 0
    }

    /// The numeric fields in the set, in declaration order.
    public var fields: [PriceField] {
        PriceField.allCases.filter { contains($0) }
    }
}
