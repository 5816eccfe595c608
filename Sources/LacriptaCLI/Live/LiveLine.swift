import Foundation
import LacriptaCore
import LacriptaTerminal

/// One update as a line of output off a terminal: plain text or one NDJSON object.
///
/// The JSON is written by hand rather than through `JSONEncoder`: this runs once per tick, at up
/// to hundreds of thousands of ticks a second, and the objects are flat with known keys.
enum LiveLine {
    /// `05:10:03  BTC/USD  $62,549.65  ▲ +$123.45 (+0.20%)  H $63,000.00  L $61,000.00`
    static func plain(_ snapshot: PriceSnapshot, currency: String, at time: Date) -> StyledText {
        let price = PriceFormatter(currency: currency)
        let fields = snapshot.fields
        var line = StyledText("\(UTCDateFormatter.time(time))  \(snapshot.pair.from)/\(snapshot.pair.to)  ", style: .plain)
        line += StyledText(fields.price.map { price.string($0) } ?? PriceFormatter.missingValue, style: .bold)
        if let current = fields.price, let open = fields.openDay, open != 0 {
            line += StyledText("  ") + ChangeFormatter().change(current - open, percent: (current - open) / open * 100, price: price)
        }
        if let high = fields.highDay { line += StyledText("  H \(price.string(high))", style: .secondary) }
        if let low = fields.lowDay { line += StyledText("  L \(price.string(low))", style: .secondary) }
        return line
    }

    /// The documented NDJSON object: symbol, currency, market, price, direction, flags,
    /// lastUpdate (unix seconds), open/high/low of the day, change and changePercent since the
    /// day's open, volumeDay, volume24h. Absent figures are `null`.
    static func json(_ snapshot: PriceSnapshot, into out: inout String) {
        let fields = snapshot.fields
        out += "{\"symbol\":"
        appendString(snapshot.pair.from, to: &out)
        out += ",\"currency\":"
        appendString(snapshot.pair.to, to: &out)
        out += ",\"market\":"
        appendString(snapshot.pair.market, to: &out)
        out += ",\"price\":"
        appendNumber(fields.price, to: &out)
        out += ",\"direction\":\""
        out += direction(snapshot.direction)
        out += "\",\"flags\":"
        out += String(snapshot.flags.rawValue)
        out += ",\"lastUpdate\":"
        if let lastUpdate = fields.lastUpdate { out += String(lastUpdate) } else { out += "null" }
        out += ",\"open\":"
        appendNumber(fields.openDay, to: &out)
        out += ",\"high\":"
        appendNumber(fields.highDay, to: &out)
        out += ",\"low\":"
        appendNumber(fields.lowDay, to: &out)
        var change: Double?
        var percent: Double?
        if let current = fields.price, let open = fields.openDay, open != 0 {
            change = current - open
            percent = (current - open) / open * 100
        }
        out += ",\"change\":"
        appendNumber(change, to: &out)
        out += ",\"changePercent\":"
        appendNumber(percent, to: &out)
        out += ",\"volumeDay\":"
        appendNumber(fields.volumeDay, to: &out)
        out += ",\"volume24h\":"
        appendNumber(fields.volume24Hour, to: &out)
        out += "}\n"
    }

    private static func direction(_ direction: PriceDirection) -> String {
        switch direction {
        case .up: "up"
        case .down: "down"
        case .unchanged: "unchanged"
        }
    }

    /// A finite number in Swift's shortest round-trip form (valid JSON), else `null`.
    private static func appendNumber(_ value: Double?, to out: inout String) {
        guard let value, value.isFinite else {
            out += "null"
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            out += String(Int64(value))
        } else {
            out += value.description
        }
    }

    /// A JSON string. Symbols come from the wire: anything outside printable ASCII is escaped and
    /// control characters can never pass through raw.
    private static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                if scalar.value > 0xFFFF {
                    let v = scalar.value - 0x10000
                    out += String(format: "\\u%04x\\u%04x", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
                } else {
                    out += String(format: "\\u%04x", scalar.value)
                }
            }
        }
        out += "\""
    }
}
