import Foundation

/// Coinbase's transaction history, header versions v1 to v4 (reference §1.1): the direction from
/// `Transaction Type` (v4 signs quantities, but not consistently), money columns with currency
/// symbols, the fee in the price's currency, `Convert` rows split into a sale and a purchase from
/// the note ("Converted 0.00363125 BTC to 156.145683 XRP"). Rows without an `ID` (v1–v3) get one
/// from a hash of their fields, so a re-import still adds nothing.
enum CoinbaseImport {
    static let buys: Set<String> = ["buy", "advanced trade buy", "advance trade buy"]
    static let sells: Set<String> = ["sell", "advanced trade sell", "advance trade sell"]
    static let outs: Set<String> = ["send", "withdrawal", "exchange withdrawal", "pro withdrawal", "card spend", "donation"]
    static let ins: Set<String> = [
        "receive", "deposit", "exchange deposit", "pro deposit", "coinbase earn", "learning reward", "rewards income", "reward income",
        "inflation reward", "staking income", "interest payout", "subscription rebate", "subscription rebates",
    ]

    static func rows(_ records: ArraySlice<CSVReader.Record>, header: ImportHeader) -> ImportRows {
        var rows = ImportRows()
        // v1 names its fiat in the columns ("EUR Spot Price at Transaction").
        let v1Currency = header.column(endingWith: " spot price at transaction").flatMap { name -> String? in
            name == "spot price at transaction" ? nil : name.split(separator: " ").first.map { $0.uppercased() }
        }
        let priceColumn = header.column(endingWith: "price at transaction") ?? "price at transaction"
        let feeColumn = header.column(endingWith: "fees") ?? header.column(endingWith: "fees and/or spread") ?? "fees"
        let totalColumn = header.names.first { $0.hasPrefix("total") || $0.hasSuffix("total (inclusive of fees)") } ?? "total"
        for record in records {
            let line = record.line
            let type = header.field(record, "transaction type").lowercased()
            guard let date = ImportFields.date(header.field(record, "timestamp"), line: line, &rows),
                let symbol = ImportFields.symbol(header.field(record, "asset"), line: line, &rows),
                let quantity = ImportFields.number(header.field(record, "quantity transacted"), "quantity", line: line, &rows)
            else { continue }
            let currency =
                v1Currency
                ?? (header.field(record, "price currency").isEmpty
                ? header.field(record, "spot price currency") : header.field(record, "price currency")).uppercased()
            let price = ImportNumber.read(header.field(record, priceColumn))?.magnitude
            let fee = ImportNumber.read(header.field(record, feeColumn)).flatMap { $0.magnitude.value > 0 ? $0.magnitude : nil }
            let id = header.field(record, "id")
            let source = (id.isEmpty ? nil : ImportFields.sourceID("coinbase", id)) ?? ImportFields.rowID("coinbase", record)
            let note = header.field(record, "notes")
            var transaction = LedgerTransaction(date: date, kind: .buy, amount: quantity.magnitude, symbol: symbol, venue: "coinbase", source: source)
            if let price, Configuration.parsedCurrencyCode(currency) != nil { transaction.price = .init(price, currency) }
            if let fee, Configuration.parsedCurrencyCode(currency) != nil { transaction.fee = .init(fee, currency) }
            if ImportFields.fiat.contains(symbol) {
                rows.skip(line, "\(symbol) is money, not a coin")
                continue
            }
            if buys.contains(type) || sells.contains(type) {
                transaction.kind = buys.contains(type) ? .buy : .sell
                guard transaction.price != nil else {
                    rows.problem(line, "a \(type) without a price")
                    continue
                }
                rows.add(transaction, line: line)
            } else if ins.contains(type) || outs.contains(type) {
                transaction.kind = ins.contains(type) ? .in : .out
                if transaction.kind == .out { transaction.price = nil }
                if transaction.kind == .out, transaction.fee?.currency != symbol { transaction.fee = nil }
                transaction.note = type == "receive" || type == "send" || type.hasSuffix("deposit") || type.hasSuffix("withdrawal") ? nil : type
                rows.add(transaction, line: line)
            } else if type == "convert" {
                convert(transaction, note: note, total: header.field(record, totalColumn), line: line, &rows)
            } else {
                rows.skip(line, "Coinbase's type `\(JournalLine.shown(type))` is not one lacripta keeps")
            }
        }
        return rows
    }

    /// A `Convert`: a sale of the source asset at its price, and a purchase of the destination
    /// (amount and asset from the note) for the same total.
    static func convert(_ sale: LedgerTransaction, note: String, total: String, line: Int, _ rows: inout ImportRows) {
        let words = note.split(separator: " ")
        guard words.count >= 6, words[0] == "Converted", words[3] == "to",
            let amount = ImportNumber.read(String(words[4]))?.magnitude, let symbol = CoinSymbol.normalized(words[5]),
            let price = sale.price, let paid = ImportNumber.read(total)?.magnitude ?? DecimalText((sale.amount.value * price.amount.value).plainText),
            amount.value > 0, let unit = DecimalText(ImportNumber.plainDigits(Self.rounded(paid.value / amount.value)) ?? "")
        else {
            rows.problem(line, "a Convert whose note does not say `Converted AMOUNT ASSET to AMOUNT ASSET`")
            return
        }
        var out = sale
        out.kind = .sell
        out.fee = nil
        var bought = LedgerTransaction(
            date: sale.date, kind: .buy, amount: amount, symbol: symbol, price: .init(unit, price.currency), venue: sale.venue)
        bought.source = sale.source.map { $0 + ":to" }
        rows.add(out, line: line)
        rows.add(bought, line: line)
    }

    /// A unit price to 18 decimals (a quotient may not end).
    static func rounded(_ value: Decimal) -> String {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 18, .plain)
        return result.plainText
    }
}
