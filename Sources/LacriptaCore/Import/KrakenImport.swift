import Foundation

/// Kraken's exports (reference §1.2): `trades.csv`, one row per trade with the pair, price,
/// volume and a fee in the quote currency; and `ledgers.csv`, one row per change of one asset's
/// balance, a trade being two rows with one `refid`. Asset codes lose Kraken's `X`/`Z` prefixes
/// (`XXBT` → BTC, `ZEUR` → EUR). Rows with an empty `txid` are pending duplicates and skipped.
///
/// A trade of one coin for another (`XETHXXBT`, or a ledger trade whose two rows are both coins) is
/// a sale of the coin given and a purchase of the coin got, each left without a price here: the
/// export says what they were worth only in each other, so `holdings import` values each at its
/// day's close in the user's currency (`LedgerImport.unvalued`). Each leg's note names the other.
enum KrakenImport {
    /// Kraken's own spellings of common codes.
    static let aliases = ["XBT": "BTC", "XDG": "DOGE", "XXBT": "BTC", "XXDG": "DOGE", "XETH": "ETH", "XLTC": "LTC", "XXRP": "XRP", "XXLM": "XLM"]
    /// Quote currencies a pair can end with, longest first.
    static let quotes = [
        "ZEUR", "ZUSD", "ZGBP", "ZCAD", "ZJPY", "ZCHF", "ZAUD", "USDT", "USDC", "XXBT", "XETH", "EUR", "USD", "GBP", "CAD", "JPY", "CHF", "AUD",
        "XBT", "ETH", "DAI",
    ]

    /// Quotes of `trades.csv` read as money, a price in them as in a currency (the pair's own
    /// quote, as before coin-for-coin trades were split); a pair quoted in BTC or ETH is two legs.
    static let stablecoinQuotes: Set<String> = ["USDT", "USDC", "DAI"]

    /// `XXBT` → `BTC`, `ZEUR` → `EUR`, `SOL` → `SOL`; staking suffixes (`.S`, `.M`, `.HOLD`) dropped.
    static func asset(_ code: String) -> String {
        var code = code.uppercased()
        if let dot = code.firstIndex(of: ".") { code = String(code[..<dot]) }
        if let alias = aliases[code] { return alias }
        if code.count == 4, code.first == "X" || code.first == "Z" { return aliases[String(code.dropFirst())] ?? String(code.dropFirst()) }
        return code
    }

    static func trades(_ records: ArraySlice<CSVReader.Record>, header: ImportHeader) -> ImportRows {
        var rows = ImportRows()
        for record in records {
            let line = record.line
            let txid = header.field(record, "txid")
            guard !txid.isEmpty else {
                rows.skip(line, "no txid (a pending trade Kraken lists again)")
                continue
            }
            let pair = header.field(record, "pair").uppercased()
            guard let quote = quotes.first(where: { pair.hasSuffix($0) && pair.count > $0.count }) else {
                rows.problem(line, "the pair `\(JournalLine.shown(pair))` ends in no quote currency lacripta knows")
                continue
            }
            let side = header.field(record, "type").lowercased()
            guard side == "buy" || side == "sell" else {
                rows.problem(line, "the type `\(JournalLine.shown(side))` is neither buy nor sell")
                continue
            }
            guard let date = ImportFields.date(header.field(record, "time"), line: line, &rows),
                let price = ImportFields.number(header.field(record, "price"), "price", line: line, &rows),
                let volume = ImportFields.number(header.field(record, "vol"), "vol", line: line, &rows),
                let fee = ImportFields.number(header.field(record, "fee"), "fee", line: line, &rows),
                let symbol = CoinSymbol.normalized(asset(String(pair.dropLast(quote.count))))
            else { continue }
            let currency = asset(quote)
            if !ImportFields.fiat.contains(currency) && !stablecoinQuotes.contains(currency) {
                let given = ImportFields.number(header.field(record, "cost"), "cost", line: line, &rows)
                guard let given, given.magnitude.value > 0, volume.magnitude.value > 0 else {
                    if given != nil { rows.problem(line, "a trade of \(symbol) for \(currency) with a cost or vol of 0") }
                    continue
                }
                let base = Leg(symbol: symbol, amount: volume.magnitude, fee: nil, source: ImportFields.sourceID("kraken", txid))
                let other = Leg(
                    symbol: currency, amount: given.magnitude, fee: fee.magnitude.value > 0 ? fee.magnitude : nil,
                    source: ImportFields.sourceID("kraken", txid + ":" + currency.lowercased()))
                let (spent, got) = side == "buy" ? (other, base) : (base, other)
                swap(spent: spent, got: got, date: date, line: line, fallback: ImportFields.rowID("kraken", record), &rows)
                continue
            }
            var transaction = LedgerTransaction(
                date: date, kind: side == "buy" ? .buy : .sell, amount: volume.magnitude, symbol: symbol, price: .init(price.magnitude, currency),
                venue: "kraken", source: ImportFields.sourceID("kraken", txid) ?? ImportFields.rowID("kraken", record))
            if fee.magnitude.value > 0 { transaction.fee = .init(fee.magnitude, currency) }
            rows.add(transaction, line: line)
        }
        return rows
    }

    static func ledgers(_ records: ArraySlice<CSVReader.Record>, header: ImportHeader) -> ImportRows {
        var rows = ImportRows()
        var trades: [String: [CSVReader.Record]] = [:]
        var order: [String] = []
        for record in records {
            let line = record.line
            guard !header.field(record, "txid").isEmpty else {
                rows.skip(line, "no txid (a pending entry Kraken lists again)")
                continue
            }
            let type = header.field(record, "type").lowercased()
            switch type {
            case "trade", "spend", "receive":
                let refid = header.field(record, "refid")
                if trades[refid] == nil { order.append(refid) }
                trades[refid, default: []].append(record)
            case "deposit", "withdrawal", "staking", "earn", "transfer", "reward", "airdrop":
                transfer(record, type: type, header: header, &rows)
            default:
                rows.skip(line, "Kraken's type `\(JournalLine.shown(type))` is not one lacripta keeps")
            }
        }
        for refid in order {
            trade(trades[refid] ?? [], header: header, &rows)
        }
        // By line, file order kept within one (a trade's two legs share its first row's line).
        rows.transactions = rows.transactions.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        return rows
    }

    /// A deposit, withdrawal or reward of one asset.
    static func transfer(_ record: CSVReader.Record, type: String, header: ImportHeader, _ rows: inout ImportRows) {
        let line = record.line
        guard let date = ImportFields.date(header.field(record, "time"), line: line, &rows),
            let amount = ImportFields.number(header.field(record, "amount"), "amount", line: line, &rows),
            let symbol = CoinSymbol.normalized(asset(header.field(record, "asset")))
        else { return }
        guard !ImportFields.fiat.contains(symbol) else { return rows.skip(line, "\(symbol) is money, not a coin") }
        guard amount.magnitude.value > 0 else { return rows.skip(line, "an amount of 0") }
        var transaction = LedgerTransaction(
            date: date, kind: amount.negative ? .out : .in, amount: amount.magnitude, symbol: symbol, venue: "kraken",
            source: ImportFields.sourceID("kraken", header.field(record, "txid")) ?? ImportFields.rowID("kraken", record))
        if let fee = ImportNumber.read(header.field(record, "fee")), fee.magnitude.value > 0 { transaction.fee = .init(fee.magnitude, symbol) }
        if type != "deposit" && type != "withdrawal" { transaction.note = type }
        rows.add(transaction, line: line)
    }

    /// Two rows of one refid: money out and coin in (a buy) or coin out and money in (a sale).
    static func trade(_ legs: [CSVReader.Record], header: ImportHeader, _ rows: inout ImportRows) {
        guard let first = legs.first else { return }
        let line = first.line
        guard legs.count == 2 else {
            return rows.problem(line, "a trade with \(legs.count) ledger rows (refid \(JournalLine.shown(header.field(first, "refid")))); expected 2")
        }
        var parts: [(record: CSVReader.Record, symbol: String, amount: ImportNumber.Value, fee: ImportNumber.Value?)] = []
        for leg in legs {
            guard let amount = ImportFields.number(header.field(leg, "amount"), "amount", line: leg.line, &rows),
                let symbol = CoinSymbol.normalized(asset(header.field(leg, "asset")))
            else { return }
            parts.append((leg, symbol, amount, ImportNumber.read(header.field(leg, "fee"))))
        }
        guard let spent = parts.first(where: { $0.amount.negative }), let got = parts.first(where: { !$0.amount.negative }),
            let date = ImportFields.date(header.field(got.record, "time"), line: line, &rows)
        else { return rows.problem(line, "a trade whose two rows are not one out and one in") }
        let coinIn = !ImportFields.fiat.contains(got.symbol)
        let coin = coinIn ? got : spent
        let money = coinIn ? spent : got
        if coinIn && !ImportFields.fiat.contains(spent.symbol) {
            guard spent.amount.magnitude.value > 0, got.amount.magnitude.value > 0 else { return rows.problem(line, "a trade of 0 coin") }
            func leg(_ part: (record: CSVReader.Record, symbol: String, amount: ImportNumber.Value, fee: ImportNumber.Value?)) -> Leg {
                Leg(
                    symbol: part.symbol, amount: part.amount.magnitude, fee: part.fee.flatMap { $0.magnitude.value > 0 ? $0.magnitude : nil },
                    source: ImportFields.sourceID("kraken", header.field(part.record, "txid")))
            }
            return swap(spent: leg(spent), got: leg(got), date: date, line: line, fallback: ImportFields.rowID("kraken", got.record), &rows)
        }
        guard coin.amount.magnitude.value > 0,
            let unit = DecimalText(CoinbaseImport.rounded(money.amount.magnitude.value / coin.amount.magnitude.value))
        else {
            return rows.problem(line, "a trade of 0 coin")
        }
        var transaction = LedgerTransaction(
            date: date, kind: coinIn ? .buy : .sell, amount: coin.amount.magnitude, symbol: coin.symbol, price: .init(unit, money.symbol),
            venue: "kraken",
            source: ImportFields.sourceID("kraken", header.field(coin.record, "txid")) ?? ImportFields.rowID("kraken", coin.record))
        if let fee = money.fee, fee.magnitude.value > 0 {
            transaction.fee = .init(fee.magnitude, money.symbol)
        } else if let fee = coin.fee, fee.magnitude.value > 0 {
            transaction.fee = .init(fee.magnitude, coin.symbol)
        }
        rows.add(transaction, line: line)
    }

    /// One side of a coin-for-coin trade: the coin, how much, a fee paid in it, the exchange's id.
    struct Leg {
        var symbol: String
        var amount: DecimalText
        var fee: DecimalText?
        var source: String?
    }

    /// A coin-for-coin trade as a sale of `spent` and a purchase of `got`, both unpriced (valued at
    /// their day's close on import); a fee is paid in the coin of its leg.
    static func swap(spent: Leg, got: Leg, date: LedgerDate, line: Int, fallback: String, _ rows: inout ImportRows) {
        var sale = LedgerTransaction(
            date: date, kind: .sell, amount: spent.amount, symbol: spent.symbol, venue: "kraken", source: spent.source ?? fallback + ":out",
            note: "traded for \(got.amount.text) \(got.symbol)")
        sale.fee = spent.fee.map { .init($0, spent.symbol) }
        var purchase = LedgerTransaction(
            date: date, kind: .buy, amount: got.amount, symbol: got.symbol, venue: "kraken", source: got.source ?? fallback + ":in",
            note: "traded for \(spent.amount.text) \(spent.symbol)")
        purchase.fee = got.fee.map { .init($0, got.symbol) }
        rows.add(sale, line: line)
        rows.add(purchase, line: line)
    }
}
