import Foundation
import LacriptaCore
import LacriptaTerminal

/// `holdings`' ledger: the list by lots, the transactions and recording them.
extension HoldingsCommand {
    /// What `--lots`, `--realized` and `--year` ask the list for.
    static func report(_ arguments: ParsedArguments) throws -> Report {
        let year = try arguments.integer("year", in: 1970...9999)
        if arguments.has("lots") {
            if arguments.has("realized") { throw ParseError.conflict("--lots and --realized are two different lists: give one") }
            if year != nil { throw ParseError.conflict("--year goes with --realized") }
            return .lots
        }
        if arguments.has("realized") {
            return .realized(year: year)
        }
        if year != nil { throw ParseError.conflict("--year goes with --realized") }
        return .summary
    }

    /// `tx`, `tx --coin X --since D` or `tx rm ID`.
    static func transactionsAction(_ arguments: ParsedArguments) throws -> Action {
        let positionals = arguments.positionals
        if positionals.first == "rm" {
            guard positionals.count >= 2 else { throw ParseError.missingArgument("ID") }
            guard positionals.count == 2 else { throw ParseError.unexpectedArgument(positionals[2]) }
            try refuse(["json", "coin", "since", "currency"], in: arguments, for: "tx rm")
            return .removeTransaction(positionals[1].lowercased())
        }
        if let first = positionals.first { throw ParseError.unexpectedArgument(first) }
        var coin: String?
        if let text = arguments.string("coin") {
            guard let symbol = CoinSymbol.normalized(text.trimmingCharacters(in: .whitespaces)) else {
                throw ParseError.invalidValue(option: "coin", value: text, expected: "a coin's ticker, such as BTC")
            }
            coin = symbol
        }
        var since: LedgerDate?
        if let text = arguments.string("since") {
            guard let date = LedgerDate(text) else {
                throw ParseError.invalidValue(
                    option: "since", value: text, expected: "a day such as 2024-01-15 or a time such as 2024-01-15T12:00:00Z")
            }
            since = date
        }
        return .transactions(coin: coin, since: since)
    }

    /// The book of the store's opening holdings and journal by `method`; a transaction the journal
    /// cannot apply is named with its line (exit 65, the file left as it is).
    func book(_ holdings: Holdings, _ journal: Journal, store: UserStore) throws -> LedgerBook {
        do {
            return try CostBasis.book(opening: holdings.holdings, transactions: journal.transactions, method: method)
        } catch {
            throw LacriptaError.unreadableFile(store.journalPath, line: journal.lineNumber(of: error.transaction) ?? 0, error.message)
        }
    }

    func list(hideAmounts: Bool, report: Report, in context: Context) async throws -> ExitCode {
        let store = context.store
        let book = try book(try store.holdings(), try store.journal(), store: store)
        let width = context.stdoutCapabilities.width
        switch report {
        case .lots:
            if json { try context.printRaw(try LedgerReports.lotsJSON(book)) } else { try context.print(LedgerReports.lots(book, width: width)) }
            return .success
        case .realized(let year):
            if json {
                try context.printRaw(try LedgerReports.realizedJSON(book, year: year))
            } else {
                try context.print(LedgerReports.realized(book, year: year, width: width))
            }
            return .success
        case .summary:
            break
        }
        let held = book.symbols.filter { book.held($0) > 0 }
        guard !book.symbols.isEmpty else {
            if json {
                let empty = LedgerPresenter(
                    valuation: LedgerValuation(book: book, prices: [:], currency: currency), method: method, hideAmounts: hideAmounts, source: "")
                try context.printRaw(try empty.json())
            } else {
                context.printError(StyledText("No holdings yet: record one with `lacripta holdings buy BTC 0.5 --price 30000`."))
            }
            return .success
        }
        let market = context.marketSource(provider)
        var prices: [String: Double] = [:]
        if !held.isEmpty {
            let quotes = try await market.availableQuotes(symbols: held, currency: currency)
            context.reportOffline(quotes)
            prices = quotes.value.compactMapValues(\.price)
        }
        // Costs and gains recorded in other currencies count in the total at today's rate, stated.
        let others = book.otherCurrencies(than: currency)
        let rates = others.isEmpty ? HoldingsRates() : await HoldingsRates.fetch(others, in: currency, market: market, context: context)
        var presenter = LedgerPresenter(
            valuation: LedgerValuation(book: book, prices: prices, currency: currency, rates: rates.values), method: method,
            hideAmounts: hideAmounts, source: market.name)
        presenter.rates = rates
        for note in presenter.notes { context.printError(StyledText("note: " + note, style: .warning)) }
        if json {
            try context.printRaw(try presenter.json())
        } else {
            let footer = StyledText("Prices from \(market.name); lots matched \(method.rawValue)", style: .secondary)
            try context.print(presenter.table(width: context.stdoutCapabilities.width) + [footer] + presenter.rateLines)
        }
        return .success
    }

    /// Adds a buy, sell, in or out: a coin bought or brought in must be one the source lists; a
    /// disposal of more than is held is refused with what is held; nothing is written otherwise.
    func record(_ draft: LedgerTransaction, in context: Context) async throws -> ExitCode {
        var transaction = draft
        var valuedAt: String?
        if draft.kind == .buy || draft.kind == .in {
            let market = context.marketSource(provider)
            let search = try await market.coinSearch(currency: currency)
            context.reportOffline(search)
            guard let symbol = search.value.ticker(for: draft.symbol) else {
                throw LacriptaError.unknownSymbol(
                    draft.symbol, detail: "\(market.name) lists no coin by that ticker; nothing was recorded (try lacripta search)")
            }
            transaction.symbol = symbol
            if draft.kind == .in, draft.price == nil {
                // Without --price, what came in is valued at that day's close (today's: the latest price).
                let what = "\(draft.amount.text) \(symbol) on \(draft.date.day)"
                let closes = try await dayCloses(of: [symbol], since: draft.date.date, market: market, in: context, valuing: what)
                let close = try close(of: symbol, on: draft.date, in: closes, market: market, valuing: what)
                guard let price = DecimalText(close.plainText) else {
                    throw LacriptaError.failed("\(market.name) gave an unusable close for \(symbol)")
                }
                transaction.price = .init(price, currency)
                valuedAt = "valued at \(draft.date.day)'s close from \(market.name)"
                transaction.note = [draft.note, valuedAt].compactMap { $0 }.joined(separator: "; ")
            }
        }
        let store = context.store
        let recorded = try store.updateHoldingsAndJournal { holdings, journal in
            var random = SystemRandomNumberGenerator()
            transaction.id = LedgerTransaction.newID(avoiding: journal.shortIDs, using: &random)
            var after = journal
            after.add(transaction)
            do throws(LedgerRefusal) {
                _ = try CostBasis.book(opening: holdings.holdings, transactions: after.transactions, method: method)
            } catch {
                guard error.transaction == transaction else {
                    throw LacriptaError.unreadableFile(store.journalPath, line: journal.lineNumber(of: error.transaction) ?? 0, error.message)
                }
                throw LacriptaError.usage(
                    "cannot \(transaction.kind.rawValue) \(transaction.amount.text) \(error.symbol) on \(transaction.date.text): "
                        + "you hold \(error.held.plainText) \(error.symbol) then; nothing was recorded")
            }
            journal = after
            return transaction
        }
        let price = recorded.price.map { " at \($0.amount.text) \($0.currency) each" } ?? ""
        let fee = recorded.fee.map { ", fee \($0.amount.text) \($0.currency)" } ?? ""
        let unpriced = valuedAt.map { " The price is \($0) (--price records another)." } ?? ""
        try context.print([
            StyledText(
                "Recorded: \(recorded.kind.rawValue) \(recorded.amount.text) \(recorded.symbol)\(price)\(fee) on \(recorded.date.text) "
                    + "(id \(recorded.id ?? "")).\(unpriced)")
        ])
        return .success
    }

    func listTransactions(coin: String?, since: LedgerDate?, in context: Context) throws -> ExitCode {
        let all = try context.store.journal().transactions
        let chosen = all.enumerated()
            .filter { item in (coin == nil || item.element.symbol == coin) && (since.map { item.element.date.date >= $0.date } ?? true) }
            .sorted { ($0.element.date.date, $0.offset) < ($1.element.date.date, $1.offset) }.map(\.element)
        if json {
            try context.printRaw(try LedgerReports.transactionsJSON(chosen))
        } else if chosen.isEmpty {
            context.printError(
                StyledText(
                    all.isEmpty ? "No transactions yet: record one with `lacripta holdings buy BTC 0.5 --price 30000`." : "No transactions match."))
        } else {
            try context.print(LedgerReports.transactions(chosen, width: context.stdoutCapabilities.width))
        }
        return .success
    }

    func removeTransaction(_ id: String, in context: Context) throws -> ExitCode {
        let store = context.store
        let removed = try store.updateHoldingsAndJournal { holdings, journal -> LedgerTransaction in
            let matching = journal.transactions.filter { $0.shortID == id }
            guard let transaction = matching.first else {
                throw LacriptaError.usage(
                    "no transaction has the id \(Sanitizer.singleLine(id)) (lacripta holdings tx lists them); nothing was removed")
            }
            guard matching.count == 1 else {
                throw LacriptaError.usage("\(matching.count) transactions have the id \(id): edit \(store.journalPath) by hand; nothing was removed")
            }
            var after = journal
            after.remove(id: id)
            do throws(LedgerRefusal) {
                _ = try CostBasis.book(opening: holdings.holdings, transactions: after.transactions, method: method)
            } catch {
                throw LacriptaError.usage("without \(id), \(error.message); nothing was removed")
            }
            journal = after
            return transaction
        }
        try context.print([
            StyledText("Removed \(removed.kind.rawValue) \(removed.amount.text) \(removed.symbol) of \(removed.date.text) (id \(id)).")
        ])
        return .success
    }

    /// `set` and `rm`: changes the holdings file and records the adjustment in the journal, under
    /// one hold of the store's lock. With `onlyIfHeld`, nothing is recorded for a coin neither file
    /// holds; returns whether the coin was held.
    @discardableResult
    func recordAdjustment(
        _ adjustment: LedgerTransaction, in context: Context, onlyIfHeld: Bool = false, _ change: @escaping (inout Holdings) -> Void
    ) throws -> Bool {
        try context.store.updateHoldingsAndJournal { holdings, journal in
            let before = holdings
            change(&holdings)
            let ledgerHolds =
                (try? CostBasis.book(opening: before.holdings, transactions: journal.transactions, method: method))
                .map { $0.held(adjustment.symbol) > 0 } ?? false
            let wasHeld = before != holdings || ledgerHolds
            if onlyIfHeld && !wasHeld { return false }
            var random = SystemRandomNumberGenerator()
            var entry = adjustment
            entry.id = LedgerTransaction.newID(avoiding: journal.shortIDs, using: &random)
            journal.add(entry)
            return wasHeld
        }
    }
}
