extension CryptoCompareREST {
    /// The most bars one `histoday` request gives (reference §3: `limit` up to 2000).
    static let maximumHistodayLimit = 2000
    /// `limit` when the request has none (reference §3).
    static let defaultHistodayLimit = 30

    /// `/data/v2/histoday?fsym=BTC&tsym=USD[&limit=N]` → `limit + 1` daily bars, as min-api gives.
    ///
    /// BTC's last 31 bars are the recording; a longer `limit` (90 or 365 days for a chart) gets
    /// older bars synthesized before them, continuous like the real ones (`open` is the previous
    /// bar's `close`). Every other coin `pricemultifull` knows (ETH) gets BTC's bars scaled to its
    /// price, so its last close is near the price the quotes give. Other to-symbols the rate table
    /// knows get scaled prices and `volumeto`. Any other coin is the unknown-pair error.
    func histoday(_ request: HTTPRequest) -> HTTPResponse {
        guard let fromSymbol = Self.symbol(request, "fsym") else { return .json(errors.missingParameter("fsym")) }
        guard let toSymbol = Self.symbol(request, "tsym") else { return .json(errors.missingParameter("tsym")) }
        guard let rate = rates.unitsPerUSD(of: toSymbol), let coinScale = historyScale(of: fromSymbol) else {
            return .json(errors.unknownPair(from: fromSymbol, to: toSymbol))
        }
        let document = recorded[.histodayBTC]
        guard let history = document["Data"], var bars = history["Data"]?.arrayElements else { return .json(document) }
        let requested = request.queryValue("limit").flatMap { Int($0) } ?? Self.defaultHistodayLimit
        // allData: the whole history, which here is as far back as one request reaches.
        let limit = request.queryValue("allData") == "true" ? Self.maximumHistodayLimit : min(max(requested, 0), Self.maximumHistodayLimit)
        if limit + 1 < bars.count {
            bars = Array(bars.suffix(limit + 1))
        } else if limit + 1 > bars.count {
            bars = Self.olderBars(count: limit + 1 - bars.count, before: bars) + bars
        }
        return .json(document.setting("Data", to: Self.history(history, bars: scaled(bars, coinScale: coinScale, rate: rate))))
    }

    /// `history` (the recording's `Data` object) carrying `bars`, its `TimeFrom` the first one's.
    static func history(_ history: JSONValue, bars: [JSONValue]) -> JSONValue {
        var newHistory = history.setting("Data", to: .array(bars))
        if let first = bars.first?["time"] { newHistory = newHistory.setting("TimeFrom", to: first) }
        if let last = bars.last?["time"] { newHistory = newHistory.setting("TimeTo", to: last) }
        return newHistory
    }

    /// BTC-in-USD `bars` priced for another coin (`coinScale`) and currency (`rate`).
    func scaled(_ bars: [JSONValue], coinScale: Double, rate: Double) -> [JSONValue] {
        var bars = bars
        let priceScale = coinScale * rate
        if priceScale != 1 {
            bars = bars.map { bar in
                var scaled = bar
                for field in ["high", "low", "open", "close"] {
                    if let value = bar[field]?.doubleValue { scaled = scaled.setting(field, to: .number(Self.cents(value * priceScale))) }
                }
                if let value = bar["volumeto"]?.doubleValue { scaled = scaled.setting("volumeto", to: .number(Self.cents(value * rate))) }
                if let value = bar["volumefrom"]?.doubleValue, coinScale != 1 {
                    scaled = scaled.setting("volumefrom", to: .number(Self.cents(value / coinScale)))
                }
                return scaled
            }
        }
        return bars
    }

    /// How `fromSymbol`'s prices compare with BTC's: 1 for BTC, its USD price over BTC's for a coin
    /// of the `pricemultifull` recording, nil for a coin the simulator has no price for.
    func historyScale(of fromSymbol: String) -> Double? {
        if fromSymbol == Self.recordedFromSymbol { return 1 }
        let raw = recorded[.priceMultiFull]["RAW"]
        guard let price = raw?[fromSymbol]?["USD"]?["PRICE"]?.doubleValue,
            let bitcoin = raw?[Self.recordedFromSymbol]?["USD"]?["PRICE"]?.doubleValue, bitcoin > 0
        else { return nil }
        return price / bitcoin
    }

    /// `count` daily bars ending the day before `bars` begin, walked backwards from the first
    /// bar's open with a seeded wobble (up to ±3 % a day), so every run serves the same history.
    static func olderBars(count: Int, before bars: [JSONValue]) -> [JSONValue] {
        guard count > 0, let first = bars.first, let firstTime = first["time"]?.doubleValue, var close = first["open"]?.doubleValue
        else { return [] }
        var older: [JSONValue] = []
        older.reserveCapacity(count)
        var seed = FNV1a.hash("histoday".utf8)
        for index in 1...count {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let move = (Double(seed >> 11) / Double(1 << 53) - 0.5) * 0.06
            let wick = Double((seed >> 3) & 0xFF) / 255 * 0.015
            let open = close / (1 + move)
            let volume = 15_000 + Double((seed >> 20) & 0x3FFF)
            older.append(
                .object([
                    JSONValue.Member("time", .number(firstTime - Double(index) * 86_400)),
                    JSONValue.Member("high", .number(cents(max(open, close) * (1 + wick)))),
                    JSONValue.Member("low", .number(cents(min(open, close) * (1 - wick)))),
                    JSONValue.Member("open", .number(cents(open))),
                    JSONValue.Member("volumefrom", .number(cents(volume))),
                    JSONValue.Member("volumeto", .number(cents(volume * (open + close) / 2))),
                    JSONValue.Member("close", .number(cents(close))),
                    JSONValue.Member("conversionType", .string("direct")),
                    JSONValue.Member("conversionSymbol", .string("")),
                ]))
            close = open
        }
        return older.reversed()
    }

    /// `value` rounded to two decimals, as the recorded bars are, or to four significant digits for
    /// a value under one (a cheap coin's bars must not round to zero).
    static func cents(_ value: Double) -> Double {
        guard value.magnitude >= 1 else { return (value * 1e8).rounded() / 1e8 }
        return (value * 100).rounded() / 100
    }
}
