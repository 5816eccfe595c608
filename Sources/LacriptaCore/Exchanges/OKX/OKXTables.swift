/// The tables one OKX adapter reads with, and the reading itself.
struct OKXTables: Sendable {
    let keys = WireNames(OKXScan.keyNames)
    let entryKeys = WireNames(OKXScan.entryKeyNames)
    let channels = WireNames(OKXScan.channelNames)
    let events = WireNames(OKXScan.eventNames)
    /// Pair indices by instrument id (`BTC-USDT`).
    let instruments: WireNames<Int>

    init(pairs: [TradingPair]) {
        instruments = WireNames<Int>.indexed(pairs.map(OKXAdapter.symbol(for:)))
    }

    /// One `data` entry's figures; `asks` and `bids` give their best level only.
    struct Entry {
        var bid: QuoteNumber?
        var bidSize: QuoteNumber?
        var ask: QuoteNumber?
        var askSize: QuoteNumber?
        var last: QuoteNumber?
        var lastSize: QuoteNumber?
        var open: QuoteNumber?
        var high: QuoteNumber?
        var low: QuoteNumber?
        var volume: QuoteNumber?
        /// `ts`, Unix milliseconds as a digit string.
        var time: Double?
        /// Whether a book entry had a level on either side (an empty one is a liveness event).
        var hasLevel = false
    }

    /// Reads one whole message into `scan`, and the entries of its `data` into `entries`.
    func scan(_ cursor: inout JSONCursor, into scan: inout OKXScan, entries: inout [Entry]) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .arg:
                guard try cursor.peek() == UInt8(ascii: "{") else { return }
                try readArgument(&cursor, into: &scan)
            case .event:
                if let span = try cursor.readStringSpan() { scan.event = events.value(cursor.base, span, limit: cursor.count) ?? .other }
            case .code: scan.code = try cursor.readText()
            case .message: scan.message = try cursor.readText()
            case .id: scan.id = try cursor.readText()
            case .data:
                if scan.channel != nil {
                    try readData(&cursor, into: &entries)
                    scan.dataRead = true
                } else {
                    let start = cursor.offset
                    try cursor.skipValue()
                    scan.deferredData = start..<cursor.offset
                }
            }
        }
        try cursor.expectEnd()
        if let span = scan.deferredData, scan.channel != nil {
            var data = cursor
            data.offset = span.lowerBound
            try readData(&data, into: &entries)
            scan.dataRead = true
        }
    }

    /// `arg`: the channel and the instrument.
    private func readArgument(_ cursor: inout JSONCursor, into scan: inout OKXScan) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key else { return }
            if cursor.span(key, is: "channel") {
                if let span = try cursor.readStringSpan() { scan.channel = channels.value(cursor.base, span, limit: cursor.count) ?? .other }
            } else if cursor.span(key, is: "instId") {
                if let span = try cursor.readStringSpan() {
                    scan.hasInstrument = true
                    scan.pair = instruments.value(cursor.base, span, limit: cursor.count)
                }
            }
        }
    }

    /// `data`: an array of entries.
    private func readData(_ cursor: inout JSONCursor, into entries: inout [Entry]) throws(JSONReadFailure) {
        guard try cursor.peek() == UInt8(ascii: "[") else { throw .unexpectedByte(offset: cursor.offset) }
        try cursor.readArray { _, cursor throws(JSONReadFailure) in
            guard try cursor.peek() == UInt8(ascii: "{") else { throw .unexpectedByte(offset: cursor.offset) }
            var entry = Entry()
            try cursor.readObject { key, cursor throws(JSONReadFailure) in
                guard let key, let name = entryKeys.value(cursor.base, key, limit: cursor.count) else { return }
                switch name {
                case .asks:
                    if let level = try readBestLevel(&cursor) {
                        (entry.ask, entry.askSize) = level
                        entry.hasLevel = true
                    }
                case .bids:
                    if let level = try readBestLevel(&cursor) {
                        (entry.bid, entry.bidSize) = level
                        entry.hasLevel = true
                    }
                case .time:
                    if let span = try cursor.readStringSpan() { entry.time = ExchangeTime.units(cursor.base, span, perSecond: 1000) }
                case .last: entry.last = try cursor.readQuoteNumber(.string)
                case .lastSize: entry.lastSize = try cursor.readQuoteNumber(.string, .amount)
                case .askPrice: entry.ask = try cursor.readQuoteNumber(.string)
                case .askSize: entry.askSize = try cursor.readQuoteNumber(.string, .amount)
                case .bidPrice: entry.bid = try cursor.readQuoteNumber(.string)
                case .bidSize: entry.bidSize = try cursor.readQuoteNumber(.string, .amount)
                case .open: entry.open = try cursor.readQuoteNumber(.string)
                case .high: entry.high = try cursor.readQuoteNumber(.string)
                case .low: entry.low = try cursor.readQuoteNumber(.string)
                case .volume: entry.volume = try cursor.readQuoteNumber(.string, .amount)
                }
            }
            entries.append(entry)
        }
    }

    /// The first level of a side, `[price, size, "0", orders]`: its price and size; nil for an
    /// empty side. The other levels (`books5` sends five) are skipped.
    private func readBestLevel(_ cursor: inout JSONCursor) throws(JSONReadFailure) -> (QuoteNumber, QuoteNumber?)? {
        guard try cursor.peek() == UInt8(ascii: "[") else { throw .unexpectedByte(offset: cursor.offset) }
        var best: (QuoteNumber, QuoteNumber?)?
        try cursor.readArray { index, cursor throws(JSONReadFailure) in
            guard try cursor.peek() == UInt8(ascii: "[") else { throw .unexpectedByte(offset: cursor.offset) }
            guard index == 0 else { return }
            var price: QuoteNumber?
            var size: QuoteNumber?
            try cursor.readArray { field, cursor throws(JSONReadFailure) in
                switch field {
                case 0: price = try cursor.readQuoteNumber(.string)
                case 1: size = try cursor.readQuoteNumber(.string, .amount)
                default: return
                }
            }
            guard let price else { throw .unexpectedByte(offset: cursor.offset) }
            best = (price, size)
        }
        return best
    }
}
