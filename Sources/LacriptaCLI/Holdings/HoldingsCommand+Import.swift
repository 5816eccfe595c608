import Foundation
import LacriptaCore
import LacriptaTerminal

/// `holdings import` and `holdings export`.
extension HoldingsCommand {
    static func importAction(_ arguments: ParsedArguments) throws -> Action {
        let positionals = arguments.positionals
        guard let path = positionals.first else { throw ParseError.missingArgument("FILE") }
        guard positionals.count == 1 else { throw ParseError.unexpectedArgument(positionals[1]) }
        try refuse(["json"], in: arguments, for: "import")
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
    /// what is held, or it is a dry run. The two sides of a coin-for-coin trade are valued at
    /// their day's close in --currency first (the source's daily history, fetched before the lock
    /// is taken); without it nothing is imported.
    func importFile(_ path: String, format: ImportFormat?, dryRun: Bool, skipBad: Bool, in context: Context) async throws -> ExitCode {
        let shown = Sanitizer.singleLine(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LacriptaError.io("cannot read \(shown): check that the file exists and is readable")
        }
        // The file is read once, here; under the lock its rows are only checked against the journal.
        let read: LedgerImport
        do throws(LedgerImport.Failure) {
            read = try LedgerImport(bytes: [UInt8](data), format: format, knownSources: [], knownIDs: [])
        } catch {
            throw LacriptaError.unreadableFile(shown, line: 1, error.message)
        }
        let store = context.store
        let closes = try await swapCloses(read, in: context)
        let plan = try store.updateHoldingsAndJournal { holdings, journal -> LedgerImport in
            var plan = read.deduplicated(knownSources: journal.sourceIDs, knownIDs: journal.shortIDs)
            for index in plan.unvalued {
                let transaction = plan.transactions[index]
                guard let closes else { throw LacriptaError.failed("\(shown) changed while it was read; nothing was imported: try again") }
                let what =
                    "the trade of \(transaction.amount.text) \(transaction.symbol) on \(transaction.date.day) (\(shown), line \(plan.lines[index]))"
                let close = try close(of: transaction.symbol, on: transaction.date, in: closes.histories, market: closes.market, valuing: what)
                guard let price = DecimalText(close.plainText) else { throw LacriptaError.failed("an unusable close for \(transaction.symbol)") }
                plan.transactions[index].price = .init(price, currency)
                let note = "valued at \(transaction.date.day)'s close from \(closes.market.name)"
                plan.transactions[index].note = [transaction.note, note].compactMap { $0 }.joined(separator: "; ")
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

    /// The daily closes the export's coin-for-coin trades are valued at, from the market source (nil
    /// when it has none): planned once without the lock, so the requests are not made holding it.
    private func swapCloses(
        _ plan: LedgerImport, in context: Context
    ) async throws -> (market: any MarketDataSource, histories: [String: PriceHistory])? {
        let unvalued = plan.unvalued.map { plan.transactions[$0] }
        guard let earliest = unvalued.map(\.date.date).min() else { return nil }
        let market = context.marketSource(provider)
        let symbols = Array(Set(unvalued.map(\.symbol))).sorted()
        let what = "each side of the \(unvalued.count / 2) coin-for-coin trades"
        let histories = try await dayCloses(
            of: symbols, since: earliest, market: market, in: context, valuing: what, otherwise: "try again when it can be reached")
        return (market, histories)
    }

    /// Every transaction, in the journal's order, as lacripta's CSV or as JSON.
    func export(json: Bool, in context: Context) throws -> ExitCode {
        let transactions = try context.store.journal().transactions
        try context.printRaw(json ? try LedgerReports.transactionsJSON(transactions) : GenericCSV.write(transactions))
        return .success
    }
}
