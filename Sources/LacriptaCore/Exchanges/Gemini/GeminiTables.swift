/// The tables one Gemini adapter reads with, and the reading itself.
struct GeminiTables: Sendable {
    let keys = WireNames(GeminiScan.keyNames)
    /// Pair indices by lower-case symbol (`btcusd`).
    let symbols: WireNames<Int>

    init(pairs: [TradingPair]) {
        symbols = WireNames<Int>.indexed(pairs.map(GeminiAdapter.symbol(for:)))
    }

    /// Reads one whole message into `scan`.
    func scan(_ cursor: inout JSONCursor, into scan: inout GeminiScan) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .id:
                // `"1"` or `1`: the answer's id is a number whatever the request sent.
                if try cursor.peek() == JSONCursor.quote {
                    if let span = try cursor.readStringSpan() { scan.id = try? cursor.number(filling: span).integer }
                } else {
                    scan.id = try cursor.readInteger()
                }
            case .status: scan.status = try cursor.readInteger()
            case .error:
                guard try cursor.peek() == UInt8(ascii: "{") else { return }
                try cursor.readObject { key, cursor throws(JSONReadFailure) in
                    guard let key else { return }
                    if cursor.span(key, is: "code") {
                        scan.errorCode = try cursor.readInteger()
                    } else if cursor.span(key, is: "msg") {
                        scan.errorMessage = try cursor.readText()
                    }
                }
            case .updateID:
                scan.isBook = true
            case .eventTime: scan.eventTime = try cursor.readInteger()
            case .symbol:
                if let span = try cursor.readStringSpan() {
                    scan.hasSymbol = true
                    scan.pair = symbols.value(cursor.base, span, limit: cursor.count)
                }
            // An empty string is no price ("no bid"), not a malformed frame: `readQuoteNumber`
            // reads a string that is no number as absent.
            case .bid: scan.bid = try cursor.readQuoteNumber(.string)
            case .bidSize:
                scan.isBook = true
                scan.bidSize = try cursor.readQuoteNumber(.string, .amount)
            case .ask: scan.ask = try cursor.readQuoteNumber(.string)
            case .askSize:
                scan.isBook = true
                scan.askSize = try cursor.readQuoteNumber(.string, .amount)
            }
        }
        try cursor.expectEnd()
    }
}
