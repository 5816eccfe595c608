import Foundation
import LacriptaCore
import LacriptaTerminal

/// Renders a `LedgerValuation` as `holdings`' table (amount, average cost, price, value, share,
/// unrealised, realised and total P/L per coin, then the total) or as the documented JSON.
///
/// With `hideAmounts` only what says nothing about the size of the holdings is shown: the coins,
/// their prices, each one's share and the unrealised P/L in percent.
struct LedgerPresenter: Sendable {
    /// The figures.
    let valuation: LedgerValuation
    /// The cost method the lots were matched by.
    let method: CostMethod
    /// Whether amounts, values and money P/L are hidden.
    let hideAmounts: Bool
    /// The service the prices came from, for the JSON's `source` field.
    let source: String
    /// The rates costs and gains in other currencies were converted at, and why any has none.
    var rates = HoldingsRates()

    private var price: PriceFormatter { PriceFormatter(currency: valuation.currency) }

    /// The table's columns; the hidden ones are left out entirely, headers included.
    var columns: [Table.Column] {
        var columns = [Table.Column("Symbol", priority: 100, maxWidth: 12)]
        if !hideAmounts {
            columns += [Table.Column("Amount", alignment: .right, priority: 85), Table.Column("Avg cost", alignment: .right, priority: 45)]
        }
        columns.append(Table.Column("Price", alignment: .right, priority: 60))
        if !hideAmounts { columns.append(Table.Column("Value", alignment: .right, priority: 90)) }
        columns.append(Table.Column("Share", alignment: .right, priority: 55))
        if !hideAmounts {
            columns += [
                Table.Column("Unrealised", alignment: .right, priority: 70), Table.Column("Realised", alignment: .right, priority: 65),
                Table.Column("Total P/L", alignment: .right, priority: 50),
            ]
        }
        columns.append(Table.Column("P/L %", alignment: .right, priority: 40))
        return columns
    }

    /// The table: one row per coin, then the total.
    func table(width: Int) -> [StyledText] {
        var table = Table(columns: columns)
        for line in valuation.lines { table.addRow(row(line)) }
        table.addRow(totalRow)
        return table.render(width: width)
    }

    /// The notes for stderr: each coin whose cost is in another currency that has no rate, with
    /// why and how to see its P/L.
    var notes: [String] {
        valuation.lines.compactMap { line in
            guard let other = line.costCurrencyMismatch else { return nil }
            let why = rates.missing[other].map { " (\(Sanitizer.singleLine($0)))" } ?? ""
            return "no P/L for \(line.symbol): its cost is recorded in \(other), prices are in \(valuation.currency), "
                + "and there is no \(other) rate to convert it at\(why); use --currency \(other)"
        }
    }

    /// The lines under the table naming each rate a figure was converted at.
    var rateLines: [StyledText] { rates.lines(used: valuation.converted) }

    private func money(_ value: Decimal?) -> StyledText {
        value.map { StyledText(price.string(HoldingsPresenter.double($0))) } ?? StyledText(PriceFormatter.missingValue, style: .secondary)
    }

    private func change(_ value: Decimal?) -> StyledText {
        value.map { ChangeFormatter().amount(HoldingsPresenter.double($0), price: price) }
            ?? StyledText(PriceFormatter.missingValue, style: .secondary)
    }

    private func row(_ line: LedgerValuation.Line) -> [StyledText] {
        let missing = StyledText(PriceFormatter.missingValue, style: .secondary)
        var cells = [StyledText(Sanitizer.singleLine(line.symbol), style: .bold)]
        if !hideAmounts { cells += [StyledText(line.amount.plainText), money(line.averageCost)] }
        cells.append(money(line.price))
        if !hideAmounts { cells.append(money(line.value)) }
        cells.append(line.sharePercent.map { StyledText(HoldingsPresenter.share($0)) } ?? missing)
        if !hideAmounts {
            if let other = line.costCurrencyMismatch {
                cells += [StyledText("cost in \(other)", style: .secondary), missing, missing]
            } else {
                cells += [change(line.unrealized), change(line.realized), change(line.total)]
            }
        }
        cells.append(line.unrealizedPercent.map { ChangeFormatter().percent($0) } ?? missing)
        return cells
    }

    private var totalRow: [StyledText] {
        let blank = StyledText("")
        var cells = [StyledText("Total", style: .bold)]
        if !hideAmounts { cells += [blank, blank] }
        cells.append(blank)
        if !hideAmounts { cells.append(StyledText(price.string(HoldingsPresenter.double(valuation.totalValue)), style: .bold)) }
        cells.append(StyledText(valuation.totalValue == 0 ? PriceFormatter.missingValue : HoldingsPresenter.share(100)))
        if !hideAmounts {
            let total = valuation.totalUnrealized.map { $0 + valuation.totalRealized }
            cells += [valuation.totalUnrealized.map(change) ?? blank, change(valuation.totalRealized), total.map(change) ?? blank]
        }
        cells.append(valuation.totalUnrealizedPercent.map { ChangeFormatter().percent($0) } ?? blank)
        return cells
    }

    /// The documented JSON object (docs/json.md): amounts as exact decimal strings, money as
    /// numbers, `null` where unknown or hidden. `profit` is the unrealised P/L (as before lots).
    func json() throws -> String {
        let hide = hideAmounts
        let items = valuation.lines.map { line in
            LedgerJSON.Item(
                symbol: line.symbol, amount: hide ? nil : line.amount.plainText, averageCost: hide ? nil : line.averageCost, price: line.price,
                value: hide ? nil : line.value, sharePercent: line.sharePercent, cost: hide ? nil : line.cost, profit: hide ? nil : line.unrealized,
                profitPercent: line.unrealizedPercent, realized: hide ? nil : line.realized, total: hide ? nil : line.total,
                profitNote: line.costCurrencyMismatch.map { "cost recorded in \($0), prices in \(valuation.currency): not converted" })
        }
        let total = LedgerJSON.Total(
            value: hide ? nil : valuation.totalValue, cost: hide ? nil : valuation.totalCost, profit: hide ? nil : valuation.totalUnrealized,
            realized: hide ? nil : valuation.totalRealized, profitPercent: valuation.totalUnrealizedPercent)
        let used = rates.rates.filter { valuation.converted.contains($0.from) }.map {
            LedgerJSON.Rate(
                from: $0.from, to: $0.to, rate: Conversion.text($0.rate), source: $0.source, via: $0.via, time: JSONOutput.iso8601($0.time))
        }
        return try JSONOutput.encode(
            LedgerJSON.Body(
                currency: valuation.currency, source: source, method: method.rawValue, amountsHidden: hide, holdings: items, total: total,
                rates: used))
    }
}

/// The JSON shapes of `holdings --json`; every key is always present (`null` when unknown).
enum LedgerJSON {
    struct Item: Encodable {
        let symbol: String
        let amount: String?
        let averageCost: Decimal?
        let price: Decimal?
        let value: Decimal?
        let sharePercent: Double?
        let cost: Decimal?
        let profit: Decimal?
        let profitPercent: Double?
        let realized: Decimal?
        let total: Decimal?
        let profitNote: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(symbol, forKey: .symbol)
            try container.encode(amount, forKey: .amount)
            try container.encode(averageCost, forKey: .averageCost)
            try container.encode(price, forKey: .price)
            try container.encode(value, forKey: .value)
            try container.encode(sharePercent, forKey: .sharePercent)
            try container.encode(cost, forKey: .cost)
            try container.encode(profit, forKey: .profit)
            try container.encode(profitPercent, forKey: .profitPercent)
            try container.encode(realized, forKey: .realized)
            try container.encode(total, forKey: .total)
            try container.encode(profitNote, forKey: .profitNote)
        }

        enum CodingKeys: String, CodingKey {
            case symbol, amount, averageCost, price, value, sharePercent, cost, profit, profitPercent, realized, total, profitNote
        }
    }

    struct Total: Encodable {
        let value: Decimal?
        let cost: Decimal?
        let profit: Decimal?
        let realized: Decimal?
        let profitPercent: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .value)
            try container.encode(cost, forKey: .cost)
            try container.encode(profit, forKey: .profit)
            try container.encode(realized, forKey: .realized)
            try container.encode(profitPercent, forKey: .profitPercent)
        }

        enum CodingKeys: String, CodingKey { case value, cost, profit, realized, profitPercent }
    }

    /// A rate figures were converted at: one `from` is worth `rate` (a decimal string, every
    /// digit) of `to`, quoted by `source` (through `via`) at `time`.
    struct Rate: Encodable {
        let from: String
        let to: String
        let rate: String
        let source: String
        let via: String?
        let time: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(rate, forKey: .rate)
            try container.encode(source, forKey: .source)
            try container.encode(via, forKey: .via)
            try container.encode(time, forKey: .time)
        }

        enum CodingKeys: String, CodingKey { case from, to, rate, source, via, time }
    }

    struct Body: Encodable {
        let currency: String
        let source: String
        let method: String
        let amountsHidden: Bool
        let holdings: [Item]
        let total: Total
        let rates: [Rate]
    }
}
