import Foundation

/// The rates a `convert` expression needs, from the market source's quotes (no request of its
/// own): every coin priced in one pivot currency (the target when it is a currency, else the first
/// currency named, else USD) in one `quotes` request, and each other currency by way of Bitcoin's
/// price in it (one more `quotes` request per currency). Each coin is resolved as `search` and
/// `coin` resolve it, with a note when its ticker names several coins.
public struct ConversionPricer: Sendable {
    let market: any MarketDataSource

    /// Creates a pricer over `market`.
    public init(market: any MarketDataSource) {
        self.market = market
    }

    /// One rate used: one `unit` is worth `value` of `pivot`, as quoted at `time` (`via` names the
    /// coin a currency's rate was taken through).
    public struct Rate: Sendable, Equatable {
        public var unit: String
        public var value: Decimal
        public var pivot: String
        public var time: Date
        public var via: String?
    }

    /// What pricing found: each unit's worth in the pivot (the pivot itself 1), the rates used, and
    /// notes (a ticker several coins share).
    public struct Priced: Sendable {
        public var pivot: String
        public var values: [String: Decimal]
        public var rates: [Rate]
        public var notes: [String]
        /// Set when a rate came from the cache because the source could not be reached.
        public var offlineReason: LacriptaError?
    }

    /// A unit that is neither a currency `FiatCurrency` knows nor a coin the source lists.
    public struct UnknownUnit: Error, Sendable, Equatable {
        public var unit: String
    }

    /// Prices every unit of `expression`; throws `UnknownUnit` for a unit nobody quotes.
    public func price(_ expression: ConversionExpression) async throws -> Priced {
        let units = expression.units
        // The target when it is a currency, else the first currency named, else USD.
        let preferred = FiatCurrency.isFiat(expression.target) ? expression.target : units.first(where: FiatCurrency.isFiat) ?? "USD"
        var notes: [String] = []
        let coins = units.filter { !FiatCurrency.isFiat($0) }
        for coin in coins {
            guard let resolution = try await market.resolveCoin(coin), resolution.coin.symbol.uppercased() == coin else {
                throw UnknownUnit(unit: coin)
            }
            if let note = resolution.note { notes.append(note) }
        }
        let fiats = units.filter { FiatCurrency.isFiat($0) && $0 != preferred }
        // Bitcoin's price in the pivot is what every other currency is converted through.
        let asked = fiats.isEmpty ? coins : Array(Set(coins + ["BTC"])).sorted()
        var values: [String: Decimal] = [preferred: 1]
        var rates: [Rate] = []
        var offline: LacriptaError?
        var bitcoin: Decimal?
        if !asked.isEmpty {
            let fetched = try await market.quotes(symbols: asked, currency: preferred)
            offline = offline ?? fetched.offlineReason
            for symbol in asked {
                guard let price = fetched.value[symbol]?.price.flatMap(Conversion.decimal), price > 0 else { throw UnknownUnit(unit: symbol) }
                if symbol == "BTC" { bitcoin = price }
                if coins.contains(symbol) {
                    values[symbol] = price
                    rates.append(Rate(unit: symbol, value: price, pivot: preferred, time: fetched.fetchedAt, via: nil))
                }
            }
        }
        for fiat in fiats {
            let fetched = try await market.quotes(symbols: ["BTC"], currency: fiat)
            offline = offline ?? fetched.offlineReason
            guard let inFiat = fetched.value["BTC"]?.price.flatMap(Conversion.decimal), inFiat > 0, let bitcoin else {
                throw UnknownUnit(unit: fiat)
            }
            let value = bitcoin / inFiat
            values[fiat] = value
            rates.append(Rate(unit: fiat, value: value, pivot: preferred, time: fetched.fetchedAt, via: "BTC"))
        }
        return Priced(pivot: preferred, values: values, rates: rates, notes: notes, offlineReason: offline)
    }
}
