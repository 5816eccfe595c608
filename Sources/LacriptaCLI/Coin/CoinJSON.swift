import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta coin --json`: one object. Every documented key is always present, `null` when the
/// source has no such figure, because the key list is a contract scripts rely on.
struct CoinJSON: Encodable {
    let figures: CoinFigures
    let source: String

    enum CodingKeys: String, CodingKey {
        case id, symbol, name, currency, source, rank, price, lastUpdate
        case changePercent1h, change24h, changePercent24h, changePercent7d, changePercentRange
        case high24h, low24h, marketCap, volume24h, circulatingSupply, totalSupply, maxSupply, maxSupplyIsInfinite
        case allTimeHigh, allTimeLow, days, range, interval, historyLimit, history
    }

    /// A record as `{"price", "date", "changePercent"}`.
    struct Record: Encodable {
        let record: PriceRecord

        enum CodingKeys: String, CodingKey { case price, date, changePercent }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(record.price, forKey: .price)
            try container.encode(record.date.map(JSONOutput.iso8601), forKey: .date)
            try container.encode(record.changePercent, forKey: .changePercent)
        }
    }

    /// One close as `{"date", "close"}`.
    struct Close: Encodable {
        let date: String
        let close: Double
    }

    func encode(to encoder: any Encoder) throws {
        let detail = figures.detail
        let quote = detail.quote
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Sanitizer.singleLine(detail.id), forKey: .id)
        try container.encode(Sanitizer.singleLine(detail.symbol), forKey: .symbol)
        try container.encode(Sanitizer.singleLine(detail.name), forKey: .name)
        try container.encode(Sanitizer.singleLine(quote.currency), forKey: .currency)
        try container.encode(source, forKey: .source)
        try container.encode(detail.marketCapRank, forKey: .rank)
        try container.encode(quote.price, forKey: .price)
        try container.encode(quote.lastUpdate.map(JSONOutput.iso8601), forKey: .lastUpdate)
        try container.encode(quote.changePercentHour, forKey: .changePercent1h)
        try container.encode(quote.change24h, forKey: .change24h)
        try container.encode(quote.changePercent24h, forKey: .changePercent24h)
        try container.encode(detail.changePercent7d, forKey: .changePercent7d)
        try container.encode(figures.rangeChangePercent, forKey: .changePercentRange)
        try container.encode(quote.high24h, forKey: .high24h)
        try container.encode(quote.low24h, forKey: .low24h)
        try container.encode(quote.marketCap, forKey: .marketCap)
        try container.encode(quote.volume24h, forKey: .volume24h)
        try container.encode(detail.circulatingSupply ?? quote.supply, forKey: .circulatingSupply)
        try container.encode(detail.totalSupply, forKey: .totalSupply)
        try container.encode(detail.maxSupply, forKey: .maxSupply)
        try container.encode(detail.maxSupplyIsInfinite, forKey: .maxSupplyIsInfinite)
        try container.encode(detail.allTimeHigh.map(Record.init), forKey: .allTimeHigh)
        try container.encode(detail.allTimeLow.map(Record.init), forKey: .allTimeLow)
        try container.encode(figures.days, forKey: .days)
        try container.encode(figures.range?.rawValue ?? String(figures.days), forKey: .range)
        try container.encode(figures.interval.shortName, forKey: .interval)
        try container.encode(figures.limit, forKey: .historyLimit)
        try container.encode(figures.history.points.map { Close(date: JSONOutput.iso8601($0.date), close: $0.close) }, forKey: .history)
    }
}
