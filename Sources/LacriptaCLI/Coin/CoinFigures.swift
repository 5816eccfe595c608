import Foundation
import LacriptaCore
import LacriptaTerminal

/// One coin's detail figures as a view shows them: labelled rows of styled values, in the order a
/// reader scans them (price and its moves, the day's range, size, supply, records), each row
/// present only when the source has the figure. `lacripta coin` prints the rows; a full-screen
/// coin screen can place the same rows beside its chart.
struct CoinFigures: Sendable {
    /// One labelled figure.
    struct Row: Sendable, Equatable {
        /// "Market cap".
        var label: String
        /// "$389.12B (#2)", styled.
        var value: StyledText
    }

    /// The coin's detail.
    let detail: CoinDetail
    /// Its daily closes over the range asked for, oldest first; may be empty.
    let history: PriceHistory
    /// The range asked for, in days.
    let days: Int
    /// The spacing of `history`: daily closes unless a finer range was asked for.
    var interval: SeriesInterval = .day
    /// The range asked for, when it is not simply `days` days (`max`); nil otherwise.
    var range: ChartRange? = nil
    /// Where the source's history stops, when the range asked for more than it gives.
    var limit: String? = nil

    /// "Change 30d"'s period: "30d", or "all" for the whole history.
    var rangeName: String { range == .max ? "all" : "\(days)d" }

    /// The quote currency.
    var currency: String { detail.quote.currency }

    /// "Ethereum (ETH)": sanitised, since both come from the service.
    var title: String {
        let symbol = Sanitizer.singleLine(detail.symbol)
        let name = Sanitizer.singleLine(detail.name)
        return name.caseInsensitiveCompare(symbol) == .orderedSame ? symbol : "\(name) (\(symbol))"
    }

    /// Percent change from the range's first close to its last; nil with fewer than two closes
    /// or a first close of zero.
    var rangeChangePercent: Double? {
        guard history.points.count > 1, let first = history.points.first?.close, let last = history.points.last?.close, first != 0 else {
            return nil
        }
        return (last - first) / first * 100
    }

    /// The rows, in order.
    var rows: [Row] {
        let price = PriceFormatter(currency: currency)
        let compact = CompactNumberFormatter(currency: currency)
        let coins = CompactNumberFormatter()
        let change = ChangeFormatter()
        let quote = detail.quote
        var rows: [Row] = []
        func add(_ label: String, _ value: StyledText?) {
            if let value { rows.append(Row(label: label, value: value)) }
        }
        add("Price", quote.price.map { StyledText(price.string($0), style: .bold) })
        add("Change 1h", quote.changePercentHour.map(change.percent))
        add("Change 24h", quote.changePercent24h.map(change.percent))
        add("Change 7d", detail.changePercent7d.map(change.percent))
        add("Change \(rangeName)", rangeChangePercent.map(change.percent))
        if quote.high24h != nil || quote.low24h != nil {
            let text = [quote.high24h, quote.low24h].map { $0.map { price.string($0) } ?? PriceFormatter.missingValue }
            add("24h high / low", StyledText("\(text[0]) / \(text[1])"))
        }
        if let cap = quote.marketCap {
            add("Market cap", StyledText(compact.string(cap) + (detail.marketCapRank.map { " (#\($0))" } ?? "")))
        } else {
            add("Rank", detail.marketCapRank.map { StyledText("#\($0)") })
        }
        add("Volume 24h", quote.volume24h.map { StyledText(compact.string($0)) })
        add("Supply", supply(coins))
        add("All-time high", detail.allTimeHigh.map { record($0, price: price) })
        add("All-time low", detail.allTimeLow.map { record($0, price: price) })
        return rows
    }

    /// "120.45M circulating / 120.45M total / no cap": what the source says of the three.
    private func supply(_ coins: CompactNumberFormatter) -> StyledText? {
        let circulating = detail.circulatingSupply ?? detail.quote.supply
        var parts: [String] = []
        if let circulating { parts.append("\(coins.string(circulating)) circulating") }
        if let total = detail.totalSupply { parts.append("\(coins.string(total)) total") }
        if let max = detail.maxSupply {
            parts.append("\(coins.string(max)) max")
        } else if detail.maxSupplyIsInfinite == true {
            parts.append("no max")
        }
        return parts.isEmpty ? nil : StyledText(parts.joined(separator: " / "))
    }

    /// "$4,878.26 on 2021-11-10 (▼ -35.21%)": the record, its date and today's distance from it.
    private func record(_ record: PriceRecord, price: PriceFormatter) -> StyledText {
        var text = StyledText(price.string(record.price))
        if let date = record.date { text.append(" on " + UTCDateFormatter.date(date)) }
        if let distance = record.changePercent {
            text.append(" (")
            text.append(ChangeFormatter().percent(distance))
            text.append(")")
        }
        return text
    }
}
