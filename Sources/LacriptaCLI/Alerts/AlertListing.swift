import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta alert`: the alerts with the price now (one `quotes` request per currency, normally
/// one), the distance to each level, armed or fired, and when each last fired. The list is shown
/// even when prices cannot be had: a line on stderr says why, and the price columns stay empty.
struct AlertListing {
    let store: UserStore
    let source: any MarketDataSource
    let context: Context

    /// One alert with its price now.
    struct Row: Sendable {
        var alert: Alert
        var price: Double?

        /// How far the level is from the price, in percent of the price (+ above, − below); nil for
        /// move alerts and unknown prices.
        var distancePercent: Double? {
            guard let price, price > 0, let level = alert.condition.levelValue else { return nil }
            return (level - price) / price * 100
        }
    }

    /// Prints the list as a table, or as JSON.
    func run(json: Bool) async throws -> ExitCode {
        let alerts = try store.alerts().alerts
        if alerts.isEmpty, !json {
            try context.printRaw("no alerts; add one with `lacripta alert add BTC above 100000`\n")
            return .success
        }
        let prices = await self.prices(for: alerts)
        let rows = alerts.map { Row(alert: $0, price: prices[TickPair(symbol: $0.symbol, currency: $0.currency)]) }
        if json {
            // An empty list is `[]`, not the encoder's pretty "[\n\n]".
            try context.printRaw(rows.isEmpty ? "[]\n" : try JSONOutput.encode(rows.map(AlertJSON.init)))
        } else {
            try context.print(table(rows).render(width: context.stdoutCapabilities.width))
        }
        return .success
    }

    /// The price of every pair the alerts name; what cannot be had is left out and said on stderr.
    private func prices(for alerts: [Alert]) async -> [TickPair: Double] {
        var prices: [TickPair: Double] = [:]
        let byCurrency = Dictionary(grouping: alerts, by: \.currency)
        for currency in byCurrency.keys.sorted() {
            let symbols = Array(Set(byCurrency[currency, default: []].map(\.symbol))).sorted()
            do {
                try await fetch(symbols, in: currency, into: &prices)
            } catch let error as LacriptaError where error.exitCode == .dataError && symbols.count > 1 {
                // One coin the service does not know must not blank the others: ask for each alone.
                for symbol in symbols {
                    do {
                        try await fetch([symbol], in: currency, into: &prices)
                    } catch {
                        unavailable(currency, error)
                    }
                }
            } catch {
                unavailable(currency, error)
            }
        }
        return prices
    }

    /// One `quotes` request; the prices it answered go into `prices`.
    private func fetch(_ symbols: [String], in currency: String, into prices: inout [TickPair: Double]) async throws {
        let fetched = try await source.quotes(symbols: symbols, currency: currency)
        context.reportOffline(fetched)
        for (symbol, quote) in fetched.value {
            if let price = quote.price { prices[TickPair(symbol: symbol.uppercased(), currency: currency)] = price }
        }
    }

    /// Says on stderr why prices in `currency` are missing; the list is shown without them.
    private func unavailable(_ currency: String, _ error: any Error) {
        let message = (error as? LacriptaError)?.userMessage ?? "the request failed"
        context.printError(StyledText("prices in \(currency) from \(source.name) unavailable: \(message)", style: .warning))
    }

    private func table(_ rows: [Row]) -> Table {
        var table = Table(columns: [
            .init("ID", alignment: .right, priority: 10), .init("ALERT", priority: 10), .init("NOW", alignment: .right, priority: 8),
            .init("DISTANCE", alignment: .right, priority: 6), .init("STATE", priority: 9), .init("LAST FIRED", priority: 7),
            .init("NOTE", priority: 2, isFlexible: true),
        ])
        let relative = RelativeDateFormatter(now: context.now())
        for row in rows {
            let alert = row.alert
            let formatter = PriceFormatter(currency: alert.currency)
            let distance = row.distancePercent.map { String(format: "%+.2f %%", $0) } ?? PriceFormatter.missingValue
            table.addRow([
                StyledText("\(alert.id)"),
                StyledText("\(alert.symbol)/\(alert.currency) \(alert.conditionText)" + (alert.repeats ? ", repeating" : "")),
                StyledText(row.price.map { formatter.string($0) } ?? PriceFormatter.missingValue),
                StyledText(distance, style: .secondary),
                StyledText(alert.state.rawValue, style: alert.state == .fired ? .warning : .ok),
                StyledText(alert.lastFired.map { relative.string(for: $0) } ?? "never", style: .secondary),
                StyledText(alert.note ?? ""),
            ])
        }
        return table
    }
}

/// One alert in `lacripta alert --json` (fields: see docs/json.md), camelCase like the other commands' JSON.
struct AlertJSON: Encodable {
    var id: Int
    var symbol: String
    var currency: String
    /// `above`, `below` or `move`.
    var condition: String
    /// The level as typed (above/below), else nil.
    var level: String?
    /// The size of the move in percent as typed (move), else nil.
    var percent: String?
    /// The window of the move, `1h` (move), else nil.
    var window: String?
    var `repeat`: Bool
    var note: String?
    /// `armed` or `fired`.
    var state: String
    var lastFired: String?
    var price: Double?
    var distancePercent: Double?

    enum CodingKeys: String, CodingKey {
        case id, symbol, currency, condition, level, percent, window, `repeat`, note, state, price, lastFired, distancePercent
    }

    init(_ row: AlertListing.Row) {
        let alert = row.alert
        id = alert.id
        symbol = alert.symbol
        currency = alert.currency
        switch alert.condition {
        case .above(let text): (condition, level) = ("above", text.text)
        case .below(let text): (condition, level) = ("below", text.text)
        case .move(let size, let duration):
            condition = "move"
            percent = size.text
            window = AlertEngine.describe(duration).replacingOccurrences(of: " ", with: "")
        }
        `repeat` = alert.repeats
        note = alert.note
        state = alert.state.rawValue
        lastFired = alert.lastFired.map { JSONOutput.iso8601($0) }
        price = row.price
        distancePercent = row.distancePercent.map { ($0 * 100).rounded() / 100 }
    }

    func encode(to encoder: any Encoder) throws {
        // Every key is written, null when it has no value, so scripts can rely on the shape.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(currency, forKey: .currency)
        try container.encode(condition, forKey: .condition)
        try container.encode(level, forKey: .level)
        try container.encode(percent, forKey: .percent)
        try container.encode(window, forKey: .window)
        try container.encode(`repeat`, forKey: .repeat)
        try container.encode(note, forKey: .note)
        try container.encode(state, forKey: .state)
        try container.encode(lastFired, forKey: .lastFired)
        try container.encode(price, forKey: .price)
        try container.encode(distancePercent, forKey: .distancePercent)
    }
}
