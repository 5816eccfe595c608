import Foundation

/// lacripta's own CSV, what `holdings export` writes and `holdings import --format generic` reads
/// back without loss (docs/store.md): one transaction a row, the journal's fields as columns.
///
/// ```
/// date,kind,amount,symbol,price,currency,fee,fee_currency,venue,id,source,note
/// 2024-01-15T12:00:00Z,buy,0.5,BTC,30000,USD,10,USD,coinbase,a1b2c3,,first buy
/// ```
public enum GenericCSV {
    /// The header row.
    public static let columns = ["date", "kind", "amount", "symbol", "price", "currency", "fee", "fee_currency", "venue", "id", "source", "note"]

    /// The CSV of `transactions` (RFC 4180: fields with `,`, `"` or a line end are quoted).
    public static func write(_ transactions: [LedgerTransaction]) -> String {
        var lines = [columns.joined(separator: ",")]
        for transaction in transactions {
            let fields = [
                transaction.date.text, transaction.kind.rawValue, transaction.amount.text, transaction.symbol, transaction.price?.amount.text ?? "",
                transaction.price?.currency ?? "", transaction.fee?.amount.text ?? "", transaction.fee?.currency ?? "", transaction.venue ?? "",
                transaction.id ?? "", transaction.source ?? "", transaction.note ?? "",
            ]
            lines.append(fields.map(quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == ";" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func rows(_ records: ArraySlice<CSVReader.Record>, header: ImportHeader) -> ImportRows {
        var rows = ImportRows()
        for record in records {
            // The journal's own line grammar checks every field, so a row reads exactly as a
            // journal line would.
            func field(_ name: String) -> String { header.field(record, name) }
            if let bad = columns.dropLast().first(where: { field($0).contains(";") }) {
                rows.problem(record.line, "the \(bad) must not contain `;`")
                continue
            }
            var line = "\(field("date")) \(field("kind")) \(field("amount")) \(field("symbol"))"
            if !field("price").isEmpty || !field("currency").isEmpty { line += " @ \(field("price")) \(field("currency"))" }
            if !field("fee").isEmpty || !field("fee_currency").isEmpty { line += " fee \(field("fee")) \(field("fee_currency"))" }
            for (tag, name) in [("at", "venue"), ("id", "id"), ("src", "source")] where !field(name).isEmpty { line += " \(tag):\(field(name))" }
            let note = field("note")
            do {
                var transaction = try JournalLine.parse(line)
                if !note.isEmpty {
                    let clean = String(String.UnicodeScalarView(note.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
                        .trimmingSpaces
                    transaction.note = clean.isEmpty ? nil : clean
                }
                rows.add(transaction, line: record.line)
            } catch {
                rows.problem(record.line, error.message)
            }
        }
        return rows
    }
}
