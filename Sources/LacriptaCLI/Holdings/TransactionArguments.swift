import Foundation
import LacriptaCore
import LacriptaTerminal

/// Reads `holdings buy|sell|in|out SYMBOL AMOUNT [--price P] [--fee AMOUNT[ CUR]] [--date WHEN]
/// [--venue NAME] [--note TEXT]` into a transaction (pure: the id and the coin check come later).
/// Amounts, prices and fees are kept exactly as typed.
enum TransactionArguments {
    /// The options these subcommands take.
    static let options: [OptionSpec] = [
        .option(
            "price", value: "PRICE", help: "what one coin cost or fetched, in --currency (needed for buy and sell; in: default that day's close)"),
        .option("fee", value: "AMOUNT[ CUR]", help: "the fee: in --currency (added to cost, taken from proceeds) or in a coin, e.g. '0.0001 BTC'"),
        .option("date", value: "WHEN", help: "a day (2024-01-15) or a time (2024-01-15T12:00:00Z); default now"),
        .option("venue", value: "NAME", help: "where it happened, one word (coinbase, ledger-nano)"),
        .option("note", value: "TEXT", help: "free text kept with it"),
    ]

    /// The transaction the arguments describe, dated `now` unless `--date` says otherwise.
    static func transaction(_ kind: LedgerTransaction.Kind, _ arguments: ParsedArguments, currency: String, now: Date) throws -> LedgerTransaction {
        let positionals = arguments.positionals
        guard positionals.count >= 2 else { throw ParseError.missingArgument(positionals.isEmpty ? "SYMBOL" : "AMOUNT") }
        guard positionals.count == 2 else { throw ParseError.unexpectedArgument(positionals[2]) }
        guard let symbol = CoinSymbol.normalized(positionals[0].trimmingCharacters(in: .whitespaces)) else {
            throw ParseError.invalidArgument(name: "SYMBOL", value: positionals[0], expected: "a coin's ticker, such as BTC")
        }
        guard let amount = DecimalText(positionals[1]), amount.value > 0 else {
            throw ParseError.invalidArgument(
                name: "AMOUNT", value: positionals[1], expected: "plain digits with an optional decimal point, above 0, such as 0.5")
        }
        var date = LedgerDate(now)
        if let text = arguments.string("date") {
            guard let given = LedgerDate(text) else {
                throw ParseError.invalidValue(
                    option: "date", value: text, expected: "a day such as 2024-01-15 or a time such as 2024-01-15T12:00:00Z")
            }
            date = given
        }
        var transaction = LedgerTransaction(date: date, kind: kind, amount: amount, symbol: symbol)
        if let text = arguments.string("price") {
            guard let price = DecimalText(text) else {
                throw ParseError.invalidValue(option: "price", value: text, expected: "plain digits with an optional decimal point, such as 30000")
            }
            transaction.price = .init(price, currency)
        } else if kind == .buy || kind == .sell {
            throw ParseError.missingValue(option: "price")
        }
        if let text = arguments.string("fee") { transaction.fee = try fee(text, currency: currency) }
        if let venue = arguments.string("venue") {
            guard JournalLine.isTagValue(venue) else {
                throw ParseError.invalidValue(option: "venue", value: venue, expected: "one word without spaces or `;`, such as coinbase")
            }
            transaction.venue = venue
        }
        if let note = arguments.string("note") {
            let clean = Sanitizer.singleLine(note).trimmingCharacters(in: .whitespaces)
            transaction.note = clean.isEmpty ? nil : clean
        }
        return transaction
    }

    /// `10` (in `currency`), `10 USD` or `0.0001 BTC`.
    static func fee(_ text: String, currency: String) throws -> LedgerTransaction.Money {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let expected = "an amount, optionally with its currency or coin, such as 2.5 or '0.0001 BTC'"
        guard (1...2).contains(words.count), let amount = DecimalText(words[0]) else {
            throw ParseError.invalidValue(option: "fee", value: text, expected: expected)
        }
        guard words.count == 2 else { return .init(amount, currency) }
        guard let code = CoinSymbol.normalized(words[1]) else { throw ParseError.invalidValue(option: "fee", value: text, expected: expected) }
        return .init(amount, code)
    }
}
