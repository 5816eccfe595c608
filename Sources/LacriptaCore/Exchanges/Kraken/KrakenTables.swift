/// The tables one Kraken adapter reads with, and the reading itself.
struct KrakenTables: Sendable {
    let keys = WireNames(KrakenScan.keyNames)
    let entryKeys = WireNames(KrakenScan.entryKeyNames)
    let channels = WireNames(KrakenScan.channelNames)
    let methods = WireNames(KrakenScan.methodNames)
    /// Pair indices by v2 symbol (`BTC/USD`).
    let symbols: WireNames<Int>
    let pairs: [TradingPair]

    init(pairs: [TradingPair]) {
        self.pairs = pairs
        symbols = WireNames<Int>.indexed(pairs.map(KrakenAdapter.symbol(for:)))
    }

    /// Reads one whole message into `scan`, appending the quotes of a ticker's `data` to `events`.
    func scan(_ cursor: inout JSONCursor, into scan: inout KrakenScan, events: inout [ExchangeEvent]) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .channel:
                if let span = try cursor.readStringSpan() { scan.channel = channels.value(cursor.base, span, limit: cursor.count) ?? .other }
            case .method:
                if let span = try cursor.readStringSpan() { scan.method = methods.value(cursor.base, span, limit: cursor.count) ?? .other }
            case .success: scan.success = try cursor.readBool()
            case .error: scan.error = try cursor.readText()
            case .symbol: scan.symbol = try cursor.readText()
            case .result:
                guard try cursor.peek() == UInt8(ascii: "{") else { return }
                try cursor.readObject { key, cursor throws(JSONReadFailure) in
                    if let key, cursor.span(key, is: "symbol") { scan.resultSymbol = try cursor.readText() }
                }
            case .data:
                if let channel = scan.channel {
                    try readData(&cursor, channel: channel, into: &scan, events: &events)
                    scan.dataRead = true
                } else {
                    let start = cursor.offset
                    try cursor.skipValue()
                    scan.deferredData = start..<cursor.offset
                }
            }
        }
        try cursor.expectEnd()
        if let span = scan.deferredData, let channel = scan.channel {
            var data = cursor
            data.offset = span.lowerBound
            try readData(&data, channel: channel, into: &scan, events: &events)
            scan.dataRead = true
        }
    }

    /// `data`: ticker entries become quotes, status entries may announce maintenance, and the
    /// data of other channels is skipped.
    private func readData(
        _ cursor: inout JSONCursor, channel: KrakenScan.Channel, into scan: inout KrakenScan, events: inout [ExchangeEvent]
    ) throws(JSONReadFailure) {
        guard channel == .ticker || channel == .status, try cursor.peek() == UInt8(ascii: "[") else { return try cursor.skipValue() }
        try cursor.readArray { _, cursor throws(JSONReadFailure) in
            guard try cursor.peek() == UInt8(ascii: "{") else { throw .unexpectedByte(offset: cursor.offset) }
            if channel == .ticker {
                if let quote = try readTicker(&cursor) { events.append(.quote(quote)) }
            } else {
                try cursor.readObject { key, cursor throws(JSONReadFailure) in
                    guard let key, entryKeys.value(cursor.base, key, limit: cursor.count) == .system,
                        let span = try cursor.readStringSpan()
                    else { return }
                    if cursor.span(span, is: "maintenance") { scan.maintenance = true }
                }
            }
        }
    }

    /// One ticker entry: a quote when its symbol is a followed pair, nil for other symbols; an
    /// entry without a symbol is not a ticker.
    private func readTicker(_ cursor: inout JSONCursor) throws(JSONReadFailure) -> ExchangeQuote? {
        var pair: Int?
        var hasSymbol = false
        var bid: QuoteNumber?
        var bidSize: QuoteNumber?
        var ask: QuoteNumber?
        var askSize: QuoteNumber?
        var last: QuoteNumber?
        var time: Double?
        var high: QuoteNumber?
        var low: QuoteNumber?
        var volume: QuoteNumber?
        var change: QuoteNumber?
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = entryKeys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .symbol:
                if let span = try cursor.readStringSpan() {
                    hasSymbol = true
                    pair = symbols.value(cursor.base, span, limit: cursor.count)
                }
            case .bid: bid = try cursor.readQuoteNumber(.number)
            case .bidQuantity: bidSize = try cursor.readQuoteNumber(.number, .amount)
            case .ask: ask = try cursor.readQuoteNumber(.number)
            case .askQuantity: askSize = try cursor.readQuoteNumber(.number, .amount)
            case .last: last = try cursor.readQuoteNumber(.number)
            case .timestamp:
                if let span = try cursor.readStringSpan() { time = ExchangeTime.rfc3339(cursor.base, span) }
            case .system: return
            case .high: high = try cursor.readQuoteNumber(.number)
            case .low: low = try cursor.readQuoteNumber(.number)
            case .volume: volume = try cursor.readQuoteNumber(.number, .amount)
            case .change: change = try cursor.readQuoteNumber(.number, .signed)
            }
        }
        guard hasSymbol else { throw .unexpectedByte(offset: cursor.offset) }
        guard let pair else { return nil }
        return ExchangeQuote(
            exchange: .kraken, pair: pairs[pair], bid: bid, bidSize: bidSize, ask: ask, askSize: askSize, last: last, exchangeTime: time
        ).with(day: DayFigures(change: change, high: high, low: low, volume: volume))
    }
}
