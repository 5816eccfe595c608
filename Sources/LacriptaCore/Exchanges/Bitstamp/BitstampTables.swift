/// The tables one Bitstamp adapter reads with, and the reading itself.
struct BitstampTables: Sendable {
    let keys = WireNames(BitstampScan.keyNames)
    let events = WireNames(BitstampScan.eventNames)
    /// Every subscribed channel by name (`order_book_btcusd`, `live_trades_btcusd`).
    let channels: WireNames<BitstampScan.Channel>

    init(symbols: [String]) {
        var names: [(String, BitstampScan.Channel)] = []
        for (pair, symbol) in symbols.enumerated() {
            names.append((BitstampAdapter.bookChannelPrefix + symbol, .init(pair: pair, kind: .book)))
            names.append((BitstampAdapter.tradesChannelPrefix + symbol, .init(pair: pair, kind: .trades)))
        }
        channels = WireNames(names)
    }

    /// Reads one whole message into `scan`.
    func scan(_ cursor: inout JSONCursor, into scan: inout BitstampScan) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .event:
                if let span = try cursor.readStringSpan() { scan.event = events.value(cursor.base, span, limit: cursor.count) ?? .other }
            case .channel:
                if let span = try cursor.readStringSpan() { scan.channel = channels.value(cursor.base, span, limit: cursor.count) }
            case .data:
                // `{}` on acks, an object on data, `null` or `""` on `bts:request_reconnect`.
                guard try cursor.peek() == UInt8(ascii: "{") else { return }
                try readData(&cursor, into: &scan)
            default:
                return
            }
        }
        try cursor.expectEnd()
    }

    /// The `data` object of any event.
    private func readData(_ cursor: inout JSONCursor, into scan: inout BitstampScan) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .microtimestamp:
                if let span = try cursor.readStringSpan() { scan.microseconds = ExchangeTime.units(cursor.base, span, perSecond: 1_000_000) }
            case .timestamp:
                if let span = try cursor.readStringSpan() { scan.timestamp = Self.seconds(cursor.base, span) }
            case .bids: (scan.bid, scan.bidSize) = try readBest(&cursor)
            case .asks: (scan.ask, scan.askSize) = try readBest(&cursor)
            case .priceText: scan.priceText = try cursor.readQuoteNumber(.string)
            case .amountText: scan.amountText = try cursor.readQuoteNumber(.string, .amount)
            case .price: scan.price = try cursor.readQuoteNumber(.number)
            case .amount: scan.amount = try cursor.readQuoteNumber(.number, .amount)
            case .message: scan.message = try cursor.readText()
            case .event, .channel, .data: return
            }
        }
    }

    /// The first level of a book side, `[["price","amount"],…]`, best first (bids descending,
    /// asks ascending); the other 99 levels are skipped. An empty side has no best level.
    private func readBest(_ cursor: inout JSONCursor) throws(JSONReadFailure) -> (QuoteNumber?, QuoteNumber?) {
        var best: (QuoteNumber?, QuoteNumber?) = (nil, nil)
        guard try cursor.peek() == UInt8(ascii: "[") else { return best }
        try cursor.readArray { index, cursor throws(JSONReadFailure) in
            guard index == 0, try cursor.peek() == UInt8(ascii: "[") else { return }
            try cursor.readArray { field, cursor throws(JSONReadFailure) in
                switch field {
                case 0: best.0 = try cursor.readQuoteNumber(.string)
                case 1: best.1 = try cursor.readQuoteNumber(.string, .amount)
                default: return
                }
            }
        }
        return best
    }

    /// `timestamp` as seconds: whole seconds on spot, but milliseconds on 2026 perp trades, told
    /// apart by size (a seconds stamp reaches 10^11 only in the year 5138).
    private static func seconds(_ base: UnsafePointer<UInt8>, _ span: Range<Int>) -> Double? {
        guard let seconds = ExchangeTime.units(base, span, perSecond: 1) else { return nil }
        return seconds >= 1e11 ? ExchangeTime.units(base, span, perSecond: 1000) : seconds
    }
}
