import Foundation
import LacriptaCore
import LacriptaTerminal

/// `holdings import` and `holdings export`.
extension HoldingsCommand {
    static func importAction(_ arguments: ParsedArguments) throws -> Action {
        let positionals = arguments.positionals
        guard let path = positionals.first else { throw ParseError.missingArgument("FILE") }
        guard positionals.count == 1 else { throw ParseError.unexpectedArgument(positionals[1]) }
        try refuse(["json", "currency"], in: arguments, for: "import")
        let format = try arguments.string("format").map { text in
            guard let format = ImportFormat(rawValue: text.lowercased()) else {
                throw ParseError.invalidValue(option: "format", value: text, expected: "coinbase, kraken, binance or generic")
            }
            return format
        }
        return .importFile(path: path, format: format, dryRun: arguments.has("dry-run"), skipBad: arguments.has("skip-bad"))
    }

    /// Reads the export, plans the import under the store's lock (the journal's ids known), and
    /// adds the new transactions unless a row is bad (without `--skip-bad`), a sale would exceed
    /// what is held, or it is a dry run.
    func importFile(_ path: String, format: ImportFormat?, dryRun: Bool, skipBad: Bool, in context: Context) throws -> ExitCode {
        let shown = Sanitizer.singleLine(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LacriptaError.io("cannot read \(shown): check that the file exists and is readable")
        }
        let bytes = [UInt8](data)
        let store = context.store
        let plan = try store.updateHoldingsAndJournal { holdings, journal -> LedgerImport in
            var plan: LedgerImport
            do throws(LedgerImport.Failure) {
                plan = try LedgerImport(bytes: bytes, format: format, knownSources: journal.sourceIDs, knownIDs: journal.shortIDs)
            } catch {
                throw LacriptaError.unreadableFile(shown, line: 1, error.message)
            }
            if let first = plan.problems.first, !skipBad {
                for problem in plan.problems.dropFirst() {
                    context.printError(StyledText("\(shown), line \(problem.line): \(Sanitizer.singleLine(problem.reason))", style: .warning))
                }
                let more = plan.problems.count > 1 ? " (and \(plan.problems.count - 1) more bad rows, above)" : ""
                throw LacriptaError.unreadableFile(
                    shown, line: first.line,
                    "\(Sanitizer.singleLine(first.reason))\(more); nothing was imported (--skip-bad imports the rows that can be read)")
            }
            var random = SystemRandomNumberGenerator()
            var ids = journal.shortIDs
            for index in plan.transactions.indices where plan.transactions[index].id == nil {
                let id = LedgerTransaction.newID(avoiding: ids, using: &random)
                ids.insert(id)
                plan.transactions[index].id = id
            }
            var after = journal
            for transaction in plan.transactions { after.add(transaction) }
            do throws(LedgerRefusal) {
                _ = try CostBasis.book(opening: holdings.holdings, transactions: after.transactions, method: method)
            } catch {
                let line = plan.transactions.firstIndex { $0 == error.transaction }.map { plan.lines[$0] }
                guard let line else {
                    throw LacriptaError.unreadableFile(store.journalPath, line: journal.lineNumber(of: error.transaction) ?? 0, error.message)
                }
                throw LacriptaError.unreadableFile(shown, line: line, "\(error.message); nothing was imported (is an earlier export missing?)")
            }
            if !dryRun { journal = after }
            return plan
        }
        for problem in plan.problems {
            context.printError(StyledText("skipped \(shown), line \(problem.line): \(Sanitizer.singleLine(problem.reason))", style: .warning))
        }
        if !plan.skipped.isEmpty {
            let reasons = Dictionary(grouping: plan.skipped, by: { (skip: ImportSkip) in skip.reason }).sorted { $0.key < $1.key }
                .map { "\($0.value.count) × \(Sanitizer.singleLine($0.key))" }
            context.printError(StyledText("note: left out \(plan.skipped.count) rows: " + reasons.joined(separator: "; "), style: .secondary))
        }
        let already = plan.duplicates > 0 ? " (\(plan.duplicates) already in the journal)" : ""
        if dryRun {
            if !plan.transactions.isEmpty {
                try context.print(LedgerReports.transactions(plan.transactions, width: context.stdoutCapabilities.width))
            }
            try context.print([
                StyledText(
                    "Would import \(plan.transactions.count) transactions from a \(plan.format.rawValue) export\(already); nothing was written.")
            ])
        } else {
            try context.print([StyledText("Imported \(plan.transactions.count) transactions from a \(plan.format.rawValue) export\(already).")])
        }
        return .success
    }

    /// Every transaction, in the journal's order, as lacripta's CSV or as JSON.
    func export(json: Bool, in context: Context) throws -> ExitCode {
        let transactions = try context.store.journal().transactions
        try context.printRaw(json ? try LedgerReports.transactionsJSON(transactions) : GenericCSV.write(transactions))
        return .success
    }
}
