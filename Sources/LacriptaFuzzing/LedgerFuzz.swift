import Foundation
import LacriptaCore

/// The journal: its line parser and writer, and the cost-basis pass over what it read.
enum LedgerFuzz {
    /// Parses the input as a journal; when it parses, writing it and parsing that must give the
    /// same transactions, writing again the same text; and every cost method either books it or
    /// refuses a transaction, without trapping.
    static func journal(_ input: [UInt8]) throws(FuzzFailure) {
        let text = FuzzInput.text(input)
        try UserFilesFuzz.roundTrip(
            text, "journal", parse: { (text: String) throws(LacriptaError) in try Journal(fileText: text, path: "journal") }, write: \.fileText)
        guard let journal = try? Journal(fileText: text, path: "journal") else { return }
        for method in CostMethod.allCases {
            guard let book = try? CostBasis.book(opening: [], transactions: journal.transactions, method: method) else { continue }
            for symbol in book.symbols {
                try FuzzFailure.check(book.held(symbol) >= 0, "\(symbol) is held in a negative amount by \(method.rawValue)")
            }
        }
    }
}
