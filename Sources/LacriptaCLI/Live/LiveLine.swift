import Foundation
import LacriptaCore
import LacriptaTerminal

/// One update as a line of output off a terminal: plain text or one NDJSON object.
///
/// The JSON is written by hand as bytes rather than through `JSONEncoder`: this runs once per
/// tick, at up to a million ticks a second, and the objects are flat with known keys.
package enum LiveLine {
    /// The figures `lacripta live` shows in any form (table, plain lines, NDJSON): the feed reads
    /// only these, so the other dozen figures of every update cost no conversion.
    package static let fields: PriceFieldSet = [
        PriceFieldSet(.price), PriceFieldSet(.lastUpdate), PriceFieldSet(.openDay), PriceFieldSet(.highDay),
        PriceFieldSet(.lowDay), PriceFieldSet(.volumeDay), PriceFieldSet(.volume24Hour), .flags,
    ]

    /// `05:10:03  BTC/USD  $62,549.65  ▲ +$123.45 (+0.20%)  H $63,000.00  L $61,000.00`
    static func plain(_ snapshot: PriceSnapshot, currency: String, at time: Date) -> StyledText {
        let price = PriceFormatter(currency: currency)
        let fields = snapshot.fields
        // An exchange's market is named: without a key the price comes from one exchange's ticker.
        let market = snapshot.pair.market == Subscription.aggregateMarket ? "" : " \(snapshot.pair.market)"
        var line = StyledText("\(UTCDateFormatter.time(time))  \(snapshot.pair.from)/\(snapshot.pair.to)\(market)  ", style: .plain)
        line += StyledText(fields.price.map { price.string($0) } ?? PriceFormatter.missingValue, style: .bold)
        if let current = fields.price, let open = fields.openDay, open != 0 {
            line += StyledText("  ") + ChangeFormatter().change(current - open, percent: (current - open) / open * 100, price: price)
        }
        if let high = fields.highDay { line += StyledText("  H \(price.string(high))", style: .secondary) }
        if let low = fields.lowDay { line += StyledText("  L \(price.string(low))", style: .secondary) }
        return line
    }
}
