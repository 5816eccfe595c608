import Foundation
import LacriptaCore

/// The journal: its line parser and writer, and the cost-basis pass over what it read.
enum LedgerFuzz {
    /// Parses the input as a journal; when it parses, writing it and parsing that must give the
    /// same transactions, writing again the same text; and every cost method either books it or
    /// refuses a transaction, without trapping, and books it as the same pass in `Decimal` alone
    /// does (the integer fast path changes no figure).
    static func journal(_ input: [UInt8]) throws(FuzzFailure) {
        let text = FuzzInput.text(input)
        try UserFilesFuzz.roundTrip(
            text, "journal", parse: { (text: String) throws(LacriptaError) in try Journal(fileText: text, path: "journal") }, write: \.fileText)
        guard let journal = try? Journal(fileText: text, path: "journal") else { return }
        for method in CostMethod.allCases {
            let reference = try? CostBasis.book(opening: [], transactions: journal.transactions.map(\.decimalOnly), method: method)
            guard let book = try? CostBasis.book(opening: [], transactions: journal.transactions, method: method) else {
                try FuzzFailure.check(reference == nil, "the pass refuses what the Decimal pass books (\(method.rawValue))")
                continue
            }
            try FuzzFailure.check(book == reference, "the pass and the Decimal pass book differently (\(method.rawValue))")
            for symbol in book.symbols {
                try FuzzFailure.check(book.held(symbol) >= 0, "\(symbol) is held in a negative amount by \(method.rawValue)")
            }
        }
    }

    /// Reads the input as CSV whole and byte by byte (the records must be equal), then plans an
    /// import of it in every format: it may refuse, never trap, and a plan's lines are rows of
    /// the file.
    static func csv(_ input: [UInt8]) throws(FuzzFailure) {
        let whole = try? CSVReader.records(input)
        var reader = CSVReader()
        var pieces: [CSVReader.Record] = []
        for byte in input { pieces += reader.read(CollectionOfOne(byte)) }
        let finished = try? reader.finish()
        try FuzzFailure.check((whole == nil) == (finished == nil), "an open quote depends on the split")
        if let whole, let finished {
            try FuzzFailure.check(whole == pieces + finished, "the records depend on how the bytes were split")
        }
        let lineCount = input.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
        for format in [nil] + ImportFormat.allCases.map(Optional.some) {
            guard let plan = try? LedgerImport(bytes: input, format: format, knownSources: [], knownIDs: []) else { continue }
            try FuzzFailure.check(plan.lines.count == plan.transactions.count, "a planned transaction has no line")
            try FuzzFailure.check(plan.lines.allSatisfy { (1...lineCount).contains($0) }, "a planned line is not in the file")
            let unvalued = Set(plan.unvalued)
            for (index, planned) in plan.transactions.enumerated() {
                // A coin-for-coin leg gets its price from a day's close before it is written.
                var transaction = planned
                if unvalued.contains(index) { transaction.price = DecimalText("1").map { .init($0, "USD") } }
                let line = JournalLine.write(transaction)
                try FuzzFailure.check(
                    (try? Journal(fileText: line, path: "journal"))?.transactions == [transaction],
                    "an imported row is written as a line that reads back different")
            }
        }
    }
}
