import Foundation

/// Binance's spot trade history (reference §1.3): `Date(UTC),Pair,Side,Price,Executed,Amount,Fee`,
/// each quantity with its asset glued on (`0.01BTC`, `620USDT`, `0.00001BNB`), thousands commas
/// included. It has no row ids: each row's comes from a hash of its fields.
enum BinanceImport {
    static func trades(_ records: ArraySlice<CSVReader.Record>, header: ImportHeader) -> ImportRows {
        var rows = ImportRows()
        for record in records {
            let line = record.line
            let side = header.field(record, "side").lowercased()
            guard side == "buy" || side == "sell" else {
                rows.problem(line, "the side `\(JournalLine.shown(side))` is neither BUY nor SELL")
                continue
            }
            guard let date = ImportFields.date(header.field(record, "date(utc)"), line: line, &rows),
                let price = ImportFields.number(header.field(record, "price"), "price", line: line, &rows),
                let executed = ImportFields.number(header.field(record, "executed"), "executed amount", line: line, &rows),
                let amount = ImportFields.number(header.field(record, "amount"), "amount", line: line, &rows),
                let fee = ImportFields.number(header.field(record, "fee"), "fee", line: line, &rows)
            else { continue }
            guard let base = executed.asset.flatMap(CoinSymbol.normalized), let quote = amount.asset.flatMap({ Configuration.parsedCurrencyCode($0) })
            else {
                rows.problem(line, "Executed and Amount must end in their asset, such as 0.5BTC and 31000USDT")
                continue
            }
            var transaction = LedgerTransaction(
                date: date, kind: side == "buy" ? .buy : .sell, amount: executed.magnitude, symbol: base, price: .init(price.magnitude, quote),
                venue: "binance", source: ImportFields.rowID("binance", record))
            if fee.magnitude.value > 0 {
                guard let feeAsset = fee.asset.flatMap(CoinSymbol.normalized) else {
                    rows.problem(line, "the fee must end in its asset, such as 0.001BNB")
                    continue
                }
                transaction.fee = .init(fee.magnitude, feeAsset)
            }
            rows.add(transaction, line: line)
        }
        return rows
    }
}
