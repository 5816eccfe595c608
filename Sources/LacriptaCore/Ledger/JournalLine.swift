import Foundation

/// Reads and writes one journal line (pure): the line's grammar, documented in docs/store.md.
///
/// ```
/// DATE KIND AMOUNT SYMBOL [@ PRICE CURRENCY] [fee AMOUNT CURRENCY] [at:VENUE] [id:ID] [src:SOURCE] [; NOTE]
/// 2024-01-15T12:00:00Z buy 0.5 BTC @ 30000 USD fee 10 USD at:coinbase id:a1b2c3 ; first buy
/// ```
///
/// Words are separated by spaces or tabs; everything after the first `;` is the note. Nothing is
/// guessed: an unknown word, a tag given twice or a number with a sign or exponent is an error
/// naming what was expected, and the store then leaves the file as it is.
public enum JournalLine {
    /// Reads a trimmed line that is neither blank nor a comment.
    static func parse(_ line: String) throws(StoreLineError) -> LedgerTransaction {
        var body = Substring(line)
        var note: String?
        // Bytes, not characters: a `;` or a space followed by a combining mark is one Character,
        // which would make the split depend on what follows it.
        if let semicolon = body.utf8.firstIndex(of: UInt8(ascii: ";")) {
            let text = String(body[body.utf8.index(after: semicolon)...]).trimmingSpaces
            note = text.isEmpty ? nil : text
            body = body[..<semicolon]
        }
        var words = body.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { Substring($0) }[...]
        guard words.count >= 4 else { throw failure("expected `DATE KIND AMOUNT SYMBOL …`, such as `2024-01-15 buy 0.5 BTC @ 30000 USD`") }
        guard let date = LedgerDate(words.removeFirst()) else {
            throw failure("the date must be a day or a time, such as 2024-01-15 or 2024-01-15T12:00:00Z")
        }
        let kindWord = words.removeFirst()
        guard let kind = LedgerTransaction.Kind(rawValue: String(kindWord)) else {
            throw failure("the kind must be buy, sell, in, out or set, not `\(shown(kindWord))`")
        }
        let amount = try number(words.removeFirst(), "the amount")
        guard let symbol = CoinSymbol.normalized(words.removeFirst()) else { throw failure("expected a coin symbol after the amount, such as BTC") }
        var transaction = LedgerTransaction(date: date, kind: kind, amount: amount, symbol: symbol, note: note)
        if words.first == "@" {
            words.removeFirst()
            transaction.price = try money(&words, "the price", priceCurrency: true)
        }
        if words.first == "fee" {
            words.removeFirst()
            transaction.fee = try money(&words, "the fee", priceCurrency: false)
        }
        for word in words {
            try tag(word, into: &transaction)
        }
        if kind == .buy || kind == .sell, transaction.price == nil {
            throw failure("a \(kind.rawValue) needs its price: `@ PRICE CURRENCY`, such as `@ 30000 USD`")
        }
        if kind == .set, transaction.fee != nil {
            throw failure("a set records what you hold and takes no fee")
        }
        return transaction
    }

    /// The canonical line for `transaction`; `parse` reads it back as the same transaction.
    public static func write(_ transaction: LedgerTransaction) -> String {
        var line = "\(transaction.date.text) \(transaction.kind.rawValue) \(transaction.amount.text) \(transaction.symbol)"
        if let price = transaction.price { line += " @ \(price.amount.text) \(price.currency)" }
        if let fee = transaction.fee { line += " fee \(fee.amount.text) \(fee.currency)" }
        if let venue = transaction.venue { line += " at:\(venue)" }
        if let id = transaction.id { line += " id:\(id)" }
        if let source = transaction.source { line += " src:\(source)" }
        if let note = transaction.note { line += " ; \(note)" }
        return line
    }

    /// Whether `text` can be a tag's value: printable ASCII without spaces or `;`, 1 to 128 bytes.
    public static func isTagValue(_ text: some StringProtocol) -> Bool {
        (1...128).contains(text.utf8.count) && text.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: ";") }
    }

    /// Whether `text` can be a short id: 1 to 16 lower-case letters, digits or `-`.
    public static func isShortID(_ text: some StringProtocol) -> Bool {
        (1...16).contains(text.utf8.count) && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    /// `text` for an error message: printable ASCII kept, anything else as `?` (the line comes
    /// from a file anyone could have written).
    static func shown(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(40).map { (0x20...0x7E).contains($0.value) ? $0 : "?" }))
    }

    private static func tag(_ word: Substring, into transaction: inout LedgerTransaction) throws(StoreLineError) {
        guard let colon = word.firstIndex(of: ":") else {
            throw failure("unexpected `\(shown(word))`: after the amounts come only at:, id: and src: tags, then `; note`")
        }
        let key = word[..<colon]
        let value = word[word.index(after: colon)...]
        guard isTagValue(value) else { throw failure("the \(key): tag needs a value without spaces or `;`") }
        switch key {
        case "at":
            guard transaction.venue == nil else { throw failure("at: is given twice") }
            transaction.venue = String(value)
        case "id":
            guard transaction.id == nil else { throw failure("id: is given twice") }
            guard isShortID(value) else { throw failure("an id is 1 to 16 lower-case letters, digits or -, such as a1b2c3") }
            transaction.id = String(value)
        case "src":
            guard transaction.source == nil else { throw failure("src: is given twice") }
            transaction.source = String(value)
        default:
            throw failure("unknown tag `\(shown(key)):`; the tags are at:, id: and src:")
        }
    }

    private static func money(
        _ words: inout ArraySlice<Substring>, _ what: String, priceCurrency: Bool
    ) throws(StoreLineError) -> LedgerTransaction.Money {
        guard words.count >= 2 else { throw failure("\(what) needs an amount and a currency, such as `10 USD`") }
        let amount = try number(words.removeFirst(), what)
        let word = words.removeFirst()
        let currency = priceCurrency ? Configuration.parsedCurrencyCode(word) : CoinSymbol.normalized(word)
        guard let currency else { throw failure("\(what)'s currency must be a code such as USD or BTC") }
        return LedgerTransaction.Money(amount, currency)
    }

    private static func number(_ word: Substring, _ what: String) throws(StoreLineError) -> DecimalText {
        guard let number = DecimalText(word) else {
            throw failure("\(what) must be plain digits with an optional decimal point, such as 0.5, not `\(shown(word))`")
        }
        return number
    }

    private static func failure(_ message: String) -> StoreLineError { StoreLineError(message: message) }
}
