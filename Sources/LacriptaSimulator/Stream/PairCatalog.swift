/// The pairs the streamer can quote and their opening state, from the recorded toplist.
///
/// FROM symbols are the toplist coins that have RAW data (UMA has none). TO symbols are those
/// `ExchangeRates` knows (USD, EUR, GBP, JPY, CHF and the toplist coins); non-USD pairs start
/// from the USD recording converted by the same rules as the REST toplist. Each pair then walks on
/// its own, so BTC~EUR and BTC~USD drift apart slowly; a simulator does not need arbitrage.
struct PairCatalog: Sendable {
    /// The toplist items by coin symbol, only those with a USD RAW block.
    private let items: [String: JSONValue]
    private let rates: ExchangeRates

    /// What the toplist calls the last market; the stream names an exchange instead.
    private static let toplistMarketPlaceholder = "CCCAGG"

    /// Indexes the recorded toplist.
    init(recorded: RecordedData) {
        rates = ExchangeRates(recorded: recorded)
        var items: [String: JSONValue] = [:]
        for item in recorded[.toplistUSD]["Data"]?.arrayElements ?? [] {
            guard let symbol = item["CoinInfo"]?["Name"]?.stringValue, item["RAW"]?["USD"] != nil else { continue }
            items[symbol] = items[symbol] ?? item
        }
        self.items = items
    }

    /// Every FROM symbol that can be subscribed, sorted.
    var fromSymbols: [String] { items.keys.sorted() }

    /// The opening quote of `pair`, with LASTUPDATE `time`; nil for an unknown pair.
    func openingQuote(for pair: StreamPair, time: Int) -> PairQuote? {
        guard pair.from != pair.to, let item = items[pair.from], let rate = rates.unitsPerUSD(of: pair.to),
            let raw = ToplistCurrencyConverter(symbol: pair.to, rate: rate).convert(item)["RAW"]?[pair.to]
        else { return nil }
        var numbers: [QuoteField: Double] = [:]
        for field in QuoteField.allCases {
            guard let value = raw[field.rawValue]?.doubleValue else { continue }
            numbers[field] = pair.to == ToplistCurrencyConverter.recordedSymbol ? value : StreamNumber.significant(value)
        }
        let price = numbers[.price] ?? 0
        let supply = raw["SUPPLY"]?.doubleValue ?? numbers[.circulatingSupply] ?? 0
        let maxSupply = item["CoinInfo"]?["MaxSupply"]?.doubleValue ?? -1
        numbers[.median] = price
        numbers[.lastUpdate] = Double(time)
        numbers[.currentSupply] = supply
        numbers[.circulatingSupply] = numbers[.circulatingSupply] ?? supply
        numbers[.currentSupplyMarketCap] = StreamNumber.significant(price * supply)
        numbers[.circulatingSupplyMarketCap] = StreamNumber.significant(price * (numbers[.circulatingSupply] ?? supply))
        numbers[.maxSupply] = maxSupply > 0 ? maxSupply : -1
        numbers[.maxSupplyMarketCap] = maxSupply > 0 ? StreamNumber.significant(price * maxSupply) : -1
        numbers[.marketCapPenalty] = numbers[.marketCapPenalty] ?? 0
        // The toplist sends FLAGS as a string ("1"); the stream's snapshot carries a number.
        let flags = raw["FLAGS"].flatMap { $0.stringValue.flatMap { Int($0) } ?? $0.doubleValue.map { Int($0) } }
        let market = raw["LASTMARKET"]?.stringValue ?? Self.toplistMarketPlaceholder
        return PairQuote(
            pair: pair, flags: flags ?? PairQuote.Flag.priceUnchanged, numbers: numbers,
            lastTradeID: raw["LASTTRADEID"]?.stringValue.flatMap { Int64($0) } ?? 1,
            lastMarket: market == Self.toplistMarketPlaceholder ? PairQuote.markets[0] : market)
    }
}
