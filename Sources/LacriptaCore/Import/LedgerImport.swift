import Foundation

/// What an import would add (pure: bytes and the journal's known ids in, a plan out): the format
/// found from the header (scanned for, after any preamble), the transactions not yet in the
/// journal, the rows skipped on purpose, and the rows that could not be read, each with its line.
public struct LedgerImport: Sendable {
    /// The format read.
    public var format: ImportFormat
    /// The transactions to add, in file order.
    public var transactions: [LedgerTransaction]
    /// The file line of each of `transactions`.
    public var lines: [Int]
    /// Rows already in the journal (same exchange id), not added again.
    public var duplicates: Int
    /// Rows that could not be read: nothing is imported unless the user says `--skip-bad`.
    public var problems: [ImportProblem]
    /// Rows read and left out on purpose (money moving, types lacripta does not keep).
    public var skipped: [ImportSkip]
    /// Every transaction read, with its line, before de-duplication: what `deduplicated` plans
    /// from again, so the file is read once however often it is planned.
    private var read: [(line: Int, transaction: LedgerTransaction)]

    /// The positions in `transactions` of the buys and sells the export gave no price for (the two
    /// sides of a coin-for-coin trade): `holdings import` values each at its day's close.
    public var unvalued: [Int] {
        transactions.indices.filter { transactions[$0].price == nil && (transactions[$0].kind == .buy || transactions[$0].kind == .sell) }
    }

    /// Why a file cannot be imported at all.
    public struct Failure: Error, Sendable, Equatable {
        /// What is wrong, in our words.
        public var message: String
    }

    /// Plans the import of `bytes`: `format` when given, else the one whose header is found first.
    /// `known` holds the journal's exchange ids and short ids, so a re-import adds nothing.
    public init(bytes: [UInt8], format wanted: ImportFormat?, knownSources: Set<String>, knownIDs: Set<String>) throws(Failure) {
        guard let (format, layout, header, rest, openQuote) = Self.findHeader(bytes, wanted: wanted) else {
            let names = wanted.map { "a \($0.rawValue) export's header" } ?? "the header of a Coinbase, Kraken, Binance or lacripta CSV"
            throw Failure(message: "found no \(names) in the file (give --format if lacripta guessed wrong; docs/store.md lists the columns)")
        }
        let rows: ImportRows
        switch layout {
        case .coinbase: rows = CoinbaseImport.rows(rest, header: header)
        case .krakenLedgers: rows = KrakenImport.ledgers(rest, header: header)
        case .krakenTrades: rows = KrakenImport.trades(rest, header: header)
        case .binanceTrades: rows = BinanceImport.trades(rest, header: header)
        case .generic: rows = GenericCSV.rows(rest, header: header)
        }
        self.format = format
        problems = (rows.problems + (openQuote.map { [ImportProblem(line: $0, reason: "a quote opened here is never closed")] } ?? []))
            .sorted { $0.line < $1.line }
        skipped = rows.skipped
        read = rows.transactions
        transactions = []
        lines = []
        duplicates = 0
        deduplicate(knownSources: knownSources, knownIDs: knownIDs)
    }

    /// The same import planned against other known ids (the journal's, read under the store's
    /// lock), without reading the file again.
    public func deduplicated(knownSources: Set<String>, knownIDs: Set<String>) -> LedgerImport {
        var plan = self
        plan.deduplicate(knownSources: knownSources, knownIDs: knownIDs)
        return plan
    }

    private mutating func deduplicate(knownSources: Set<String>, knownIDs: Set<String>) {
        var sources = knownSources
        var ids = knownIDs
        var added: [LedgerTransaction] = []
        var lines: [Int] = []
        var duplicates = 0
        for (line, transaction) in read {
            // An exported row carries its id, and its source when it had one; either says it is there.
            if let source = transaction.source {
                guard sources.insert(source).inserted else {
                    duplicates += 1
                    continue
                }
            } else if let id = transaction.id, ids.contains(id) {
                duplicates += 1
                continue
            }
            var transaction = transaction
            if let id = transaction.id, ids.contains(id) { transaction.id = nil }
            if let id = transaction.id { ids.insert(id) }
            added.append(transaction)
            lines.append(line)
        }
        transactions = added
        self.lines = lines
        self.duplicates = duplicates
    }

    /// The header row (the first record, after any preamble, that names a format's columns), with
    /// the records after it; `,` tried first, then `;`.
    static func findHeader(
        _ bytes: [UInt8], wanted: ImportFormat?
    ) -> (ImportFormat, ImportLayout, ImportHeader, ArraySlice<CSVReader.Record>, openQuote: Int?)? {
        for delimiter in [UInt8(ascii: ","), UInt8(ascii: ";")] {
            // An unterminated quote leaves its record out; the rows before it still count.
            var reader = CSVReader(delimiter: delimiter)
            var records = reader.read(bytes)
            var openQuote: Int?
            do {
                records += try reader.finish()
            } catch {
                openQuote = error.line
            }
            for (index, record) in records.enumerated().prefix(50) {
                let header = ImportHeader(record.fields)
                for (format, layout, required) in ImportFormat.signatures where wanted == nil || wanted == format {
                    if header.has(required) { return (format, layout, header, records[(index + 1)...], openQuote) }
                }
            }
        }
        return nil
    }
}
