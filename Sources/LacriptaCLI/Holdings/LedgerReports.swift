import Foundation
import LacriptaCore
import LacriptaTerminal

/// `holdings --lots`, `holdings --realized` and `holdings tx` as tables: exact amounts, money
/// rounded only for display, every text from the journal sanitised.
enum LedgerReports {
    /// The open lots, coin by coin, oldest first.
    static func lots(_ book: LedgerBook, width: Int) -> [StyledText] {
        var table = Table(columns: [
            Table.Column("Symbol", priority: 100, maxWidth: 12), Table.Column("Acquired", priority: 80),
            Table.Column("Amount", alignment: .right, priority: 90), Table.Column("Cost/coin", alignment: .right, priority: 70),
            Table.Column("Cost", alignment: .right, priority: 60), Table.Column("From", priority: 40),
        ])
        for symbol in book.symbols {
            for lot in book.lots[symbol] ?? [] {
                let formatter = lot.currency.map { PriceFormatter(currency: $0) }
                table.addRow([
                    StyledText(Sanitizer.singleLine(symbol), style: .bold),
                    StyledText(lot.acquired.map(\.day) ?? "opening", style: lot.acquired == nil ? .secondary : .plain),
                    StyledText(lot.amount.plainText),
                    money(lot.unitCost, formatter), money(lot.cost, formatter),
                    StyledText(Sanitizer.singleLine(lot.origin), style: .secondary),
                ])
            }
        }
        return table.render(width: width)
    }

    /// The disposals (in `year` when given): proceeds, fee, cost and gain, with the total gain per
    /// currency.
    static func realized(_ book: LedgerBook, year: Int?, width: Int) -> [StyledText] {
        var table = Table(columns: [
            Table.Column("Date", priority: 90), Table.Column("Symbol", priority: 100, maxWidth: 12), Table.Column("Kind", priority: 40),
            Table.Column("Amount", alignment: .right, priority: 80), Table.Column("Proceeds", alignment: .right, priority: 70),
            Table.Column("Fee", alignment: .right, priority: 50), Table.Column("Cost", alignment: .right, priority: 60),
            Table.Column("Gain", alignment: .right, priority: 95), Table.Column("Tx", priority: 30),
        ])
        var totals: [String: Decimal] = [:]
        let disposals = book.disposals(of: nil, year: year)
        for disposal in disposals {
            let formatter = disposal.currency.map { PriceFormatter(currency: $0) }
            if let gain = disposal.gain, let currency = disposal.currency { totals[currency, default: 0] += gain }
            let gain =
                disposal.gain.map { value in
                    formatter.map { ChangeFormatter().amount(HoldingsPresenter.double(value), price: $0) } ?? StyledText(value.plainText)
                } ?? StyledText(disposal.costCurrencyMismatch.map { "cost in \($0)" } ?? "no cost", style: .secondary)
            table.addRow([
                StyledText(disposal.date.day), StyledText(Sanitizer.singleLine(disposal.symbol), style: .bold),
                StyledText(disposal.kind.rawValue, style: .secondary), StyledText(disposal.amount.plainText),
                money(disposal.proceeds, formatter), money(disposal.fee, formatter), money(disposal.cost, formatter), gain,
                StyledText(disposal.transactionID, style: .secondary),
            ])
        }
        var lines = table.render(width: width)
        let period = year.map { " in \($0)" } ?? ""
        if disposals.isEmpty {
            lines = [StyledText("Nothing sold\(period) (\(book.method.rawValue)).", style: .secondary)]
        }
        for (currency, total) in totals.sorted(by: { $0.key < $1.key }) {
            let formatter = PriceFormatter(currency: currency)
            lines.append(
                StyledText("Realised\(period) (\(book.method.rawValue)): ", style: .bold)
                    + ChangeFormatter().amount(HoldingsPresenter.double(total), price: formatter))
        }
        return lines
    }

    /// The transactions, in date order, with their short ids.
    static func transactions(_ transactions: [LedgerTransaction], width: Int) -> [StyledText] {
        var table = Table(columns: [
            Table.Column("Id", priority: 100), Table.Column("Date", priority: 90), Table.Column("Kind", priority: 95),
            Table.Column("Amount", alignment: .right, priority: 98), Table.Column("Symbol", priority: 99, maxWidth: 12),
            Table.Column("Price", alignment: .right, priority: 80), Table.Column("Fee", alignment: .right, priority: 60),
            Table.Column("Venue", priority: 40, maxWidth: 16), Table.Column("Note", priority: 30, maxWidth: 40),
        ])
        for transaction in transactions {
            table.addRow([
                StyledText(transaction.shortID, style: .secondary), StyledText(Sanitizer.singleLine(transaction.date.text)),
                StyledText(transaction.kind.rawValue), StyledText(transaction.amount.text), StyledText(transaction.symbol, style: .bold),
                StyledText(transaction.price.map { "\($0.amount.text) \($0.currency)" } ?? ""),
                StyledText(transaction.fee.map { "\($0.amount.text) \($0.currency)" } ?? ""),
                StyledText(Sanitizer.singleLine(transaction.venue ?? "")), StyledText(Sanitizer.singleLine(transaction.note ?? "")),
            ])
        }
        return table.render(width: width)
    }

    /// `holdings tx --json`: an array, one object per transaction, numbers as the exact strings.
    static func transactionsJSON(_ transactions: [LedgerTransaction]) throws -> String {
        struct Money: Encodable {
            let amount: String
            let currency: String
        }
        struct Item: Encodable {
            let id: String
            let date: String
            let kind: String
            let amount: String
            let symbol: String
            let price: Money?
            let fee: Money?
            let venue: String?
            let source: String?
            let note: String?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(date, forKey: .date)
                try container.encode(kind, forKey: .kind)
                try container.encode(amount, forKey: .amount)
                try container.encode(symbol, forKey: .symbol)
                try container.encode(price, forKey: .price)
                try container.encode(fee, forKey: .fee)
                try container.encode(venue, forKey: .venue)
                try container.encode(source, forKey: .source)
                try container.encode(note, forKey: .note)
            }

            enum CodingKeys: String, CodingKey { case id, date, kind, amount, symbol, price, fee, venue, source, note }
        }
        return try JSONOutput.encode(
            transactions.map { transaction in
                Item(
                    id: transaction.shortID, date: transaction.date.text, kind: transaction.kind.rawValue, amount: transaction.amount.text,
                    symbol: transaction.symbol, price: transaction.price.map { Money(amount: $0.amount.text, currency: $0.currency) },
                    fee: transaction.fee.map { Money(amount: $0.amount.text, currency: $0.currency) }, venue: transaction.venue,
                    source: transaction.source, note: transaction.note)
            })
    }

    private static func money(_ value: Decimal?, _ formatter: PriceFormatter?) -> StyledText {
        guard let value, let formatter else { return StyledText(PriceFormatter.missingValue, style: .secondary) }
        return StyledText(formatter.string(HoldingsPresenter.double(value)))
    }
}
