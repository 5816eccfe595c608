/// The tables one Binance adapter reads with, and the reading itself.
struct BinanceTables: Sendable {
    let keys = WireNames(BinanceScan.keyNames)
    let kinds = WireNames(BinanceScan.kindNames)
    /// Pair indices by the payload's upper-case symbol (`BTCUSDT`).
    let symbols: WireNames<Int>

    init(pairs: [TradingPair]) {
        symbols = WireNames<Int>.indexed(pairs.map { $0.base + $0.quote })
    }

    /// Reads one whole message into `scan`.
    func scan(_ cursor: inout JSONCursor, into scan: inout BinanceScan) throws(JSONReadFailure) {
        try readObject(&cursor, into: &scan, nested: false)
        try cursor.expectEnd()
    }

    /// One object: the top level, or the event in `data` (`nested`), whose keys are read alike.
    private func readObject(_ cursor: inout JSONCursor, into scan: inout BinanceScan, nested: Bool) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .stream: return
            case .data:
                guard !nested, try cursor.peek() == UInt8(ascii: "{") else { return }
                try readObject(&cursor, into: &scan, nested: true)
            case .result:
                scan.hasResult = true
            case .id: scan.id = try cursor.readInteger()
            case .code: scan.code = try cursor.readInteger()
            case .message: scan.message = try cursor.readText()
            case .event:
                if let span = try cursor.readStringSpan() { scan.kind = kinds.value(cursor.base, span, limit: cursor.count) ?? .other }
            case .eventTime: scan.eventTime = try cursor.readInteger()
            case .symbol:
                if let span = try cursor.readStringSpan() {
                    scan.hasSymbol = true
                    scan.pair = symbols.value(cursor.base, span, limit: cursor.count)
                }
            case .updateID:
                scan.hasUpdateID = try cursor.readInteger() != nil
            case .bid: scan.bid = try cursor.readQuoteNumber(.string)
            case .bidSize: scan.bidSize = try cursor.readQuoteNumber(.string, .amount)
            case .ask: scan.ask = try cursor.readQuoteNumber(.string)
            case .askSize: scan.askSize = try cursor.readQuoteNumber(.string, .amount)
            case .last: scan.last = try cursor.readQuoteNumber(.string)
            case .lastSize: scan.lastSize = try cursor.readQuoteNumber(.string, .amount)
            case .open: scan.open = try cursor.readQuoteNumber(.string)
            case .high: scan.high = try cursor.readQuoteNumber(.string)
            case .low: scan.low = try cursor.readQuoteNumber(.string)
            case .volume: scan.volume = try cursor.readQuoteNumber(.string, .amount)
            }
        }
    }
}
