import Foundation

/// The user's transactions: `journal` in the store (mode 0600), one transaction a line, meant to be
/// read, diffed and edited by hand, in the spirit of hledger and beancount journals (docs/store.md).
///
/// ```
/// # lacripta journal: one transaction a line (docs/store.md) …
/// version 1
/// 2024-01-15T12:00:00Z buy 0.5 BTC @ 30000 USD fee 10 USD at:coinbase id:a1b2c3
/// 2024-06-01 sell 0.2 BTC @ 60000 USD id:d4e5f6 ; rent
/// ```
///
/// Comments and blank lines stay where the user put them; lines `lacripta holdings` adds go at the end.
public struct Journal: StoreDocument, Equatable {
    static let fileName = "journal"
    static let mode: mode_t = 0o600
    static let header = [
        "lacripta journal: one transaction a line (docs/store.md), for example",
        "2024-01-15T12:00:00Z buy 0.5 BTC @ 30000 USD fee 10 USD at:coinbase id:a1b2c3 ; a note",
        "Kinds: buy, sell, in, out, set. Edit freely; `lacripta holdings buy|sell|in|out|tx rm|import` keep this file.",
    ]

    var lines: StoreLines<LedgerTransaction>

    init(lines: StoreLines<LedgerTransaction>) {
        self.lines = lines
    }

    /// The transactions in file order.
    public var transactions: [LedgerTransaction] { entries }

    /// Adds `transaction` at the end.
    public mutating func add(_ transaction: LedgerTransaction) {
        append(transaction)
    }

    /// Removes the transactions whose short id (written or derived) is `id`; returns them.
    @discardableResult
    public mutating func remove(id: String) -> [LedgerTransaction] {
        let gone = entries.filter { $0.shortID == id }
        remove { $0.shortID == id }
        return gone
    }

    /// The exchange ids already in the journal, for de-duplicating an import.
    public var sourceIDs: Set<String> { Set(entries.compactMap(\.source)) }

    /// Every short id in use (written or derived).
    public var shortIDs: Set<String> { Set(entries.map(\.shortID)) }

    static func entry(parsing line: String) throws(StoreLineError) -> LedgerTransaction {
        try JournalLine.parse(line)
    }

    static func line(for entry: LedgerTransaction) -> String {
        JournalLine.write(entry)
    }
}

extension Journal {
    /// Parses the text of a journal, as `UserStore` does (the fuzz target's seam).
    package init(fileText: String, path: String) throws(LacriptaError) { try self.init(text: fileText, path: path) }
    /// The text `UserStore` would write.
    package var fileText: String { text }
}

extension Journal {
    /// The file's line number of `transaction` (the first line equal to it), for messages.
    public func lineNumber(of transaction: LedgerTransaction) -> Int? {
        lines.lines.firstIndex { if case .entry(let entry) = $0 { entry == transaction } else { false } }.map { $0 + 1 }
    }
}

extension DecimalText {
    /// `0`.
    public static var zero: DecimalText {
        guard let zero = DecimalText("0") else { preconditionFailure("0 is plain digits") }
        return zero
    }
}
