import Foundation

/// The exports `holdings import` reads, each known by its header row (found by scanning, since
/// Coinbase puts a preamble before it).
public enum ImportFormat: String, Sendable, CaseIterable {
    /// Coinbase's transaction history (header versions v1 to v4, with or without the preamble).
    case coinbase
    /// Kraken's `ledgers.csv` or `trades.csv`.
    case kraken
    /// Binance's spot trade history (`Date(UTC),Pair,Side,Price,Executed,Amount,Fee`).
    case binance
    /// lacripta's own CSV (what `holdings export` writes; docs/store.md).
    case generic

    /// The columns that identify each format's header, lower case.
    static let signatures: [(ImportFormat, ImportLayout, [String])] = [
        (.coinbase, .coinbase, ["timestamp", "transaction type", "asset", "quantity transacted"]),
        (.kraken, .krakenLedgers, ["txid", "refid", "time", "type", "asset", "amount", "fee"]),
        (.kraken, .krakenTrades, ["txid", "pair", "time", "type", "price", "cost", "fee", "vol"]),
        (.binance, .binanceTrades, ["date(utc)", "pair", "side", "price", "executed", "amount", "fee"]),
        (.generic, .generic, ["date", "kind", "amount", "symbol"]),
    ]
}

/// One header layout a format can have.
enum ImportLayout: Sendable {
    case coinbase, krakenLedgers, krakenTrades, binanceTrades, generic
}

/// A header row: column names (trimmed, lower case) to their positions.
struct ImportHeader: Sendable {
    let columns: [String: Int]
    let names: [String]

    init(_ fields: [String]) {
        names = fields.map { $0.trimmingSpaces.lowercased() }
        var columns: [String: Int] = [:]
        for (index, name) in names.enumerated() where columns[name] == nil { columns[name] = index }
        self.columns = columns
    }

    /// Whether every one of `required` is a column.
    func has(_ required: [String]) -> Bool { required.allSatisfy { columns[$0] != nil } }

    /// The field of `record` in `column` (empty when the record is short or the column absent).
    func field(_ record: CSVReader.Record, _ column: String) -> String {
        guard let index = columns[column], index < record.fields.count else { return "" }
        return record.fields[index].trimmingSpaces
    }

    /// The first column whose name ends with `suffix` (Coinbase v1 names its fiat in the column).
    func column(endingWith suffix: String) -> String? {
        names.first { $0.hasSuffix(suffix) }
    }
}

/// Why a row cannot be imported (the whole import stops unless `--skip-bad`).
public struct ImportProblem: Sendable, Equatable {
    /// The row's line in the file.
    public var line: Int
    /// What is wrong.
    public var reason: String
}

/// A row read but not imported, on purpose (a fiat deposit, a type lacripta does not keep).
public struct ImportSkip: Sendable, Equatable {
    /// The row's line in the file.
    public var line: Int
    /// Why.
    public var reason: String
}

/// What a format's reader made of the rows.
struct ImportRows: Sendable {
    var transactions: [(line: Int, transaction: LedgerTransaction)] = []
    var problems: [ImportProblem] = []
    var skipped: [ImportSkip] = []

    mutating func add(_ transaction: LedgerTransaction, line: Int) { transactions.append((line, transaction)) }
    mutating func problem(_ line: Int, _ reason: String) { problems.append(ImportProblem(line: line, reason: reason)) }
    mutating func skip(_ line: Int, _ reason: String) { skipped.append(ImportSkip(line: line, reason: reason)) }
}

/// Helpers every format's reader shares.
enum ImportFields {
    /// Fiat currencies: moving them in or out is no holding of coin.
    static let fiat: Set<String> = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY", "CHF", "NZD", "SEK", "NOK", "DKK", "PLN", "TRY", "BRL", "SGD", "HKD"]

    /// A number cell, or a problem naming the column.
    static func number(_ text: String, _ column: String, line: Int, _ rows: inout ImportRows) -> ImportNumber.Value? {
        guard let value = ImportNumber.read(text) else {
            rows.problem(line, text.isEmpty ? "no \(column)" : "the \(column) `\(JournalLine.shown(text))` is not a number")
            return nil
        }
        return value
    }

    /// A date cell, or a problem.
    static func date(_ text: String, line: Int, _ rows: inout ImportRows) -> LedgerDate? {
        guard let date = ImportDate.read(text) else {
            rows.problem(line, text.isEmpty ? "no date" : "the date `\(JournalLine.shown(text))` is not a date lacripta reads")
            return nil
        }
        return date
    }

    /// A coin code, or a problem.
    static func symbol(_ text: String, line: Int, _ rows: inout ImportRows) -> String? {
        guard let symbol = CoinSymbol.normalized(text), !text.isEmpty else {
            rows.problem(line, text.isEmpty ? "no asset" : "the asset `\(JournalLine.shown(text))` is not a coin symbol")
            return nil
        }
        return symbol
    }

    /// A stable id for a row without one of its own: the format and a hash of its fields.
    static func rowID(_ prefix: String, _ record: CSVReader.Record) -> String {
        "\(prefix):row-" + LedgerTransaction.hexID(of: record.fields.joined(separator: "\u{1F}"))
            + LedgerTransaction.hexID(of: record.fields.reversed().joined(separator: "\u{1F}"))
    }

    /// `text` usable as a `src:` tag's value.
    static func sourceID(_ prefix: String, _ text: String) -> String? {
        let id = "\(prefix):\(text)"
        return JournalLine.isTagValue(id) ? id : nil
    }
}
