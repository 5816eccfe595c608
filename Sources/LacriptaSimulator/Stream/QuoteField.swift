/// The optional fields of a TYPE 5 message, in the order the service writes them.
///
/// The order is the one of the recorded session (`stream-session-btc-eth.jsonl` line 2 for the
/// snapshot); partial updates use the same order with only the changed fields, which is what the
/// recording's updates do. TYPE, MARKET, FROMSYMBOL, TOSYMBOL and FLAGS come first in every
/// message and are not listed here.
enum QuoteField: String, CaseIterable, Sendable {
    case median = "MEDIAN"
    case lastTradeID = "LASTTRADEID"
    case price = "PRICE"
    case lastUpdate = "LASTUPDATE"
    case lastVolume = "LASTVOLUME"
    case lastVolumeTo = "LASTVOLUMETO"
    case volumeHour = "VOLUMEHOUR"
    case volumeHourTo = "VOLUMEHOURTO"
    case openHour = "OPENHOUR"
    case highHour = "HIGHHOUR"
    case lowHour = "LOWHOUR"
    case volumeDay = "VOLUMEDAY"
    case volumeDayTo = "VOLUMEDAYTO"
    case openDay = "OPENDAY"
    case highDay = "HIGHDAY"
    case lowDay = "LOWDAY"
    case volume24Hour = "VOLUME24HOUR"
    case volume24HourTo = "VOLUME24HOURTO"
    case open24Hour = "OPEN24HOUR"
    case high24Hour = "HIGH24HOUR"
    case low24Hour = "LOW24HOUR"
    case lastMarket = "LASTMARKET"
    case topTierVolume24Hour = "TOPTIERVOLUME24HOUR"
    case topTierVolume24HourTo = "TOPTIERVOLUME24HOURTO"
    case currentSupply = "CURRENTSUPPLY"
    case currentSupplyMarketCap = "CURRENTSUPPLYMKTCAP"
    case circulatingSupply = "CIRCULATINGSUPPLY"
    case circulatingSupplyMarketCap = "CIRCULATINGSUPPLYMKTCAP"
    case maxSupply = "MAXSUPPLY"
    case maxSupplyMarketCap = "MAXSUPPLYMKTCAP"
    case marketCapPenalty = "MKTCAPPENALTY"
}
