import Foundation

/// What the user holds: `holdings` in the store (mode 0600: amounts are nobody else's business),
/// one coin per line as `SYMBOL AMOUNT [COST CURRENCY]`.
///
/// ```
/// # lacripta holdings: SYMBOL AMOUNT [COST-PER-COIN CURRENCY] …
/// version 1
/// BTC 0.5 30000 USD
/// ETH 2
/// ```
public struct Holdings: StoreDocument, Equatable {
    static let fileName = "holdings"
    static let mode: mode_t = 0o600
    static let header = [
        "lacripta holdings: SYMBOL AMOUNT [COST-PER-COIN CURRENCY], one coin per line.",
        "Numbers are plain digits with an optional decimal point. `lacripta holdings set|rm` keeps this file.",
    ]

    var lines: StoreLines<Holding>

    init(lines: StoreLines<Holding>) {
        self.lines = lines
    }

    /// The holdings, one per coin (a later line for the same coin wins, as the user would expect
    /// of an edited file).
    public var holdings: [Holding] {
        var order: [String] = []
        var latest: [String: Holding] = [:]
        for holding in entries {
            if latest[holding.symbol] == nil { order.append(holding.symbol) }
            latest[holding.symbol] = holding
        }
        return order.compactMap { latest[$0] }
    }

    /// Records `holding`, replacing what was recorded for its coin.
    public mutating func set(_ holding: Holding) {
        replace(where: { $0.symbol == holding.symbol }, with: holding)
    }

    /// Removes the coin; returns whether it was there.
    @discardableResult
    public mutating func remove(_ symbol: String) -> Bool {
        guard let symbol = CoinSymbol.normalized(symbol) else { return false }
        return remove { $0.symbol == symbol } > 0
    }

    static func entry(parsing line: String) throws(StoreLineError) -> Holding {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2 || words.count == 4, let symbol = CoinSymbol.normalized(words[0]) else {
            throw StoreLineError(message: "expected `SYMBOL AMOUNT` or `SYMBOL AMOUNT COST CURRENCY`")
        }
        guard let amount = DecimalText(words[1]) else {
            throw StoreLineError(message: "the amount must be plain digits with an optional decimal point, such as 0.5")
        }
        guard words.count == 4 else { return Holding(symbol: symbol, amount: amount) }
        guard let price = DecimalText(words[2]) else {
            throw StoreLineError(message: "the cost must be plain digits with an optional decimal point, such as 30000")
        }
        guard let currency = Configuration.parsedCurrencyCode(words[3]) else {
            throw StoreLineError(message: "the cost's currency must be a code such as USD")
        }
        return Holding(symbol: symbol, amount: amount, cost: (price, currency))
    }

    static func line(for entry: Holding) -> String {
        var line = "\(entry.symbol) \(entry.amount.text)"
        if let cost = entry.cost { line += " \(cost.price.text) \(cost.currency)" }
        return line
    }
}
