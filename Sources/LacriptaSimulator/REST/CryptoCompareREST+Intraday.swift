extension CryptoCompareREST {
    /// `/data/v2/histominute` and `/data/v2/histohour?fsym=&tsym=&limit=N[&aggregate=K]`: `limit + 1`
    /// bars `K` minutes or hours wide, shaped like `histoday`'s (reference §4.4; the minute history
    /// keeps 7 days, so a longer span is cut there as min-api cuts it).
    ///
    /// The bars end at noon of the recording's last day and walk back from its close with a seeded
    /// wobble, so they meet the daily history and every run serves the same ones. Other coins and
    /// currencies are scaled as `histoday` scales them.
    func intraday(_ request: HTTPRequest, widthSeconds: Double) -> HTTPResponse {
        guard let fromSymbol = Self.symbol(request, "fsym") else { return .json(errors.missingParameter("fsym")) }
        guard let toSymbol = Self.symbol(request, "tsym") else { return .json(errors.missingParameter("tsym")) }
        guard let rate = rates.unitsPerUSD(of: toSymbol), let coinScale = historyScale(of: fromSymbol) else {
            return .json(errors.unknownPair(from: fromSymbol, to: toSymbol))
        }
        let document = recorded[.histodayBTC]
        guard let history = document["Data"], let daily = history["Data"]?.arrayElements, let last = daily.last,
            let lastDay = last["time"]?.doubleValue, let lastClose = last["close"]?.doubleValue
        else { return .json(document) }
        let aggregate = max(1, min(request.queryValue("aggregate").flatMap { Int($0) } ?? 1, 30))
        let width = widthSeconds * Double(aggregate)
        var limit = min(max(request.queryValue("limit").flatMap { Int($0) } ?? 1440, 1), Self.maximumHistodayLimit)
        if widthSeconds == 60 { limit = min(limit, Int(7 * 86_400 / width)) }
        let end = ((lastDay + 43_200) / width).rounded(.down) * width
        let bars = Self.walk(count: limit + 1, endingAt: end, width: width, close: lastClose)
        return .json(document.setting("Data", to: Self.history(history, bars: scaled(bars, coinScale: coinScale, rate: rate))))
    }

    /// `count` bars `width` seconds apart, the last starting at `end` and closing at `close`,
    /// walked backwards with a seeded wobble (up to ±0.4 % a bar); each bar opens at the close
    /// before it.
    static func walk(count: Int, endingAt end: Double, width: Double, close last: Double) -> [JSONValue] {
        var bars: [JSONValue] = []
        bars.reserveCapacity(count)
        var seed = FNV1a.hash("intraday\(Int(width))".utf8)
        var close = last
        for index in 0..<count {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let move = (Double(seed >> 11) / Double(1 << 53) - 0.5) * 0.008
            let wick = Double((seed >> 3) & 0xFF) / 255 * 0.002
            let open = close / (1 + move)
            let volume = 2 + Double((seed >> 20) & 0x3FF) / 16
            bars.append(
                .object([
                    JSONValue.Member("time", .number(end - Double(index) * width)),
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
        return bars.reversed()
    }
}
