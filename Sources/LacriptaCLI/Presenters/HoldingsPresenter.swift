import Foundation
import LacriptaCore
import LacriptaTerminal

/// Renders a `HoldingsValuation` as a table with a total line, or as the documented JSON.
///
/// With `hideAmounts` (for sharing a screen) only what says nothing about the size of the
/// holdings is shown: the coins, their prices, each one's share and the P/L in percent.
struct HoldingsPresenter: Sendable {
    /// The figures.
    let valuation: HoldingsValuation
    /// Whether amounts, values and money P/L are hidden.
    let hideAmounts: Bool
    /// The service the prices came from, for the JSON's `source` field.
    let source: String

    private var price: PriceFormatter { PriceFormatter(currency: valuation.currency) }

    /// The table's columns; the hidden ones are left out entirely, headers included.
    var columns: [Table.Column] {
        var columns = [Table.Column("Symbol", priority: 100, maxWidth: 12)]
        if !hideAmounts { columns.append(Table.Column("Amount", alignment: .right, priority: 70)) }
        columns.append(Table.Column("Price", alignment: .right, priority: 60))
        if !hideAmounts { columns.append(Table.Column("Value", alignment: .right, priority: 90)) }
        columns.append(Table.Column("Share", alignment: .right, priority: 80))
        if !hideAmounts { columns.append(Table.Column("P/L", alignment: .right, priority: 40)) }
        columns.append(Table.Column("P/L %", alignment: .right, priority: 50))
        return columns
    }

    /// The table: one row per coin, then the total.
    func table(width: Int) -> [StyledText] {
        var table = Table(columns: columns)
        for line in valuation.lines { table.addRow(row(line)) }
        table.addRow(totalRow)
        return table.render(width: width)
    }

    /// The notes for stderr: each coin whose cost is in another currency, with how to see its P/L.
    var notes: [String] {
        valuation.lines.compactMap { line in
            guard let other = line.costCurrencyMismatch else { return nil }
            return "no P/L for \(line.holding.symbol): its cost is recorded in \(other), prices are in \(valuation.currency) "
                + "(lacripta converts no costs; use --currency \(other))"
        }
    }

    private func row(_ line: HoldingsValuation.Line) -> [StyledText] {
        let missing = StyledText(PriceFormatter.missingValue, style: .secondary)
        var cells = [StyledText(Sanitizer.singleLine(line.holding.symbol), style: .bold)]
        if !hideAmounts { cells.append(StyledText(line.holding.amount.text)) }
        cells.append(line.price.map { StyledText(price.string(Self.double($0))) } ?? missing)
        if !hideAmounts { cells.append(line.value.map { StyledText(price.string(Self.double($0))) } ?? missing) }
        cells.append(line.sharePercent.map { StyledText(Self.share($0)) } ?? missing)
        if line.costCurrencyMismatch != nil {
            let note = StyledText("cost in \(line.costCurrencyMismatch ?? "")", style: .secondary)
            if !hideAmounts { cells.append(note) }
            cells.append(hideAmounts ? note : missing)
            return cells
        }
        if !hideAmounts { cells.append(line.profit.map { ChangeFormatter().amount(Self.double($0), price: price) } ?? missing) }
        cells.append(line.profitPercent.map { ChangeFormatter().percent($0) } ?? missing)
        return cells
    }

    private var totalRow: [StyledText] {
        let blank = StyledText("")
        var cells = [StyledText("Total", style: .bold)]
        if !hideAmounts { cells.append(blank) }
        cells.append(blank)
        if !hideAmounts {
            cells.append(StyledText(valuation.totalValue.map { price.string(Self.double($0)) } ?? PriceFormatter.missingValue, style: .bold))
        }
        let hasTotal = valuation.totalValue.map { $0 != 0 } ?? false
        cells.append(StyledText(hasTotal ? Self.share(100) : PriceFormatter.missingValue))
        if !hideAmounts {
            cells.append(valuation.totalProfit.map { ChangeFormatter().amount(Self.double($0), price: price) } ?? blank)
        }
        cells.append(valuation.totalProfitPercent.map { ChangeFormatter().percent($0) } ?? blank)
        return cells
    }

    /// "42.5%".
    static func share(_ percent: Double) -> String {
        String(format: "%.1f%%", locale: Locale(identifier: "en_US_POSIX"), percent)
    }

    static func double(_ value: Decimal) -> Double { NSDecimalNumber(decimal: value).doubleValue }

    /// The documented JSON object (docs/json.md): amounts and costs as the strings the user typed,
    /// everything computed as numbers, `null` where unknown or hidden.
    func json() throws -> String {
        struct Cost: Encodable {
            let price: String
            let currency: String
        }
        struct Item: Encodable {
            let symbol: String
            let amount: String?
            let price: Decimal?
            let value: Decimal?
            let sharePercent: Double?
            let cost: Cost?
            let profit: Decimal?
            let profitPercent: Double?
            let profitNote: String?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(symbol, forKey: .symbol)
                try container.encode(amount, forKey: .amount)
                try container.encode(price, forKey: .price)
                try container.encode(value, forKey: .value)
                try container.encode(sharePercent, forKey: .sharePercent)
                try container.encode(cost, forKey: .cost)
                try container.encode(profit, forKey: .profit)
                try container.encode(profitPercent, forKey: .profitPercent)
                try container.encode(profitNote, forKey: .profitNote)
            }

            enum CodingKeys: String, CodingKey {
                case symbol, amount, price, value, sharePercent, cost, profit, profitPercent, profitNote
            }
        }
        struct Total: Encodable {
            let value: Decimal?
            let cost: Decimal?
            let profit: Decimal?
            let profitPercent: Double?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(value, forKey: .value)
                try container.encode(cost, forKey: .cost)
                try container.encode(profit, forKey: .profit)
                try container.encode(profitPercent, forKey: .profitPercent)
            }

            enum CodingKeys: String, CodingKey { case value, cost, profit, profitPercent }
        }
        struct Body: Encodable {
            let currency: String
            let source: String
            let amountsHidden: Bool
            let holdings: [Item]
            let total: Total
        }
        let hide = hideAmounts
        let items = valuation.lines.map { line in
            Item(
                symbol: line.holding.symbol, amount: hide ? nil : line.holding.amount.text, price: line.price,
                value: hide ? nil : line.value, sharePercent: line.sharePercent,
                cost: hide ? nil : line.holding.cost.map { Cost(price: $0.price.text, currency: $0.currency) },
                profit: hide ? nil : line.profit, profitPercent: line.profitPercent,
                profitNote: line.costCurrencyMismatch.map { "cost recorded in \($0), prices in \(valuation.currency): not converted" })
        }
        let total = Total(
            value: hide ? nil : valuation.totalValue, cost: hide ? nil : valuation.totalCost, profit: hide ? nil : valuation.totalProfit,
            profitPercent: valuation.totalProfitPercent)
        return try JSONOutput.encode(Body(currency: valuation.currency, source: source, amountsHidden: hide, holdings: items, total: total))
    }
}
