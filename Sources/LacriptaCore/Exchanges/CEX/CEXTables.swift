/// The tables one CEX.IO adapter reads with, and the reading itself.
struct CEXTables: Sendable {
    let keys = WireNames(CEXScan.keyNames)
    let bookKeys = WireNames(CEXScan.bookKeyNames)
    let tickerKeys = WireNames(CEXScan.tickerKeyNames)
    let events = WireNames(CEXScan.eventNames)
    /// Pair indices by CEX.IO's spelling (`BTC-USD`).
    let symbols: WireNames<Int>

    init(pairs: [TradingPair]) {
        symbols = WireNames<Int>.indexed(pairs.map(CEXAdapter.symbol(for:)))
    }

    /// What `data` held besides the scan's fields: a book frame's levels, or a ticker reply's
    /// price per followed pair. Kept by the adapter and emptied for each message.
    struct Figures: Sendable {
        var bids: [OrderBook.Level] = []
        var asks: [OrderBook.Level] = []
        /// Per followed pair in a `get_ticker` reply: its last price (`lastTradePrice` when sent,
        /// else the "indicative" `last`).
        var lasts: [(pair: Int, last: QuoteNumber)] = []

        mutating func removeAll() {
            bids.removeAll(keepingCapacity: true)
            asks.removeAll(keepingCapacity: true)
            lasts.removeAll(keepingCapacity: true)
        }
    }

    /// Reads one whole message into `scan` and `figures`.
    func scan(_ cursor: inout JSONCursor, into scan: inout CEXScan, figures: inout Figures) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .event:
                if let span = try cursor.readStringSpan() { scan.event = events.value(cursor.base, span, limit: cursor.count) ?? .other }
            case .oid:
                scan.oid = try cursor.readStringSpan()
            case .data:
                if let event = scan.event {
                    try readData(&cursor, event: event, into: &scan, figures: &figures)
                } else {
                    let start = cursor.offset
                    try cursor.skipValue()
                    scan.deferredData = start..<cursor.offset
                }
            }
        }
        try cursor.expectEnd()
        if let span = scan.deferredData, let event = scan.event {
            var data = cursor
            data.offset = span.lowerBound
            try readData(&data, event: event, into: &scan, figures: &figures)
        }
    }

    /// `data`, read as its event says: a book object, or a ticker reply keyed by pair.
    private func readData(_ cursor: inout JSONCursor, event: CEXScan.Event, into scan: inout CEXScan, figures: inout Figures) throws(JSONReadFailure)
    {
        guard try cursor.peek() == UInt8(ascii: "{") else { return try cursor.skipValue() }
        scan.dataRead = true
        switch event {
        case .subscribe, .unsubscribe, .increment, .other, .connected, .disconnected, .pong:
            try readBook(&cursor, into: &scan, figures: &figures)
        case .ticker:
            try readTicker(&cursor, into: &scan, figures: &figures)
        }
    }

    /// A book object: `seqId`, `pair`, `bids`, `asks`, or an `error`.
    private func readBook(_ cursor: inout JSONCursor, into scan: inout CEXScan, figures: inout Figures) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = bookKeys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .sequence: scan.sequence = try cursor.readInteger()
            case .pair:
                if let span = try cursor.readStringSpan() {
                    scan.hasPair = true
                    scan.pair = symbols.value(cursor.base, span, limit: cursor.count)
                }
            case .bids:
                scan.hasBids = true
                try readLevels(&cursor, into: &figures.bids)
            case .asks:
                scan.hasAsks = true
                try readLevels(&cursor, into: &figures.asks)
            case .error: scan.error = try cursor.readText()
            }
        }
    }

    /// `[["86875","0.04301025"],…]`: price and size strings; a size of zero deletes the level.
    private func readLevels(_ cursor: inout JSONCursor, into levels: inout [OrderBook.Level]) throws(JSONReadFailure) {
        guard try cursor.peek() == UInt8(ascii: "[") else { throw .unexpectedByte(offset: cursor.offset) }
        try cursor.readArray { _, cursor throws(JSONReadFailure) in
            guard try cursor.peek() == UInt8(ascii: "[") else { throw .unexpectedByte(offset: cursor.offset) }
            var price: QuoteNumber?
            var size: QuoteNumber?
            try cursor.readArray { field, cursor throws(JSONReadFailure) in
                switch field {
                case 0: price = try cursor.readQuoteNumber(.string)
                case 1: size = try cursor.readQuoteNumber(.string, .amount)
                default: return
                }
            }
            guard let price, let size else { throw .unexpectedByte(offset: cursor.offset) }
            levels.append(OrderBook.Level(price: price, size: size))
        }
    }

    /// A `get_ticker` reply: `{"BTC-USD":{"bestBid":…,"last":…},…}`, or `{"error":…}`.
    private func readTicker(_ cursor: inout JSONCursor, into scan: inout CEXScan, figures: inout Figures) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key else { return }
            if cursor.span(key, is: "error") {
                scan.error = try cursor.readText()
                return
            }
            let pair = symbols.value(cursor.base, key, limit: cursor.count)
            guard try cursor.peek() == UInt8(ascii: "{") else { return }
            var last: QuoteNumber?
            var lastTrade: QuoteNumber?
            try cursor.readObject { key, cursor throws(JSONReadFailure) in
                guard let key, let name = tickerKeys.value(cursor.base, key, limit: cursor.count) else { return }
                switch name {
                case .last: last = try cursor.readQuoteNumber(.string)
                case .lastTradePrice: lastTrade = try cursor.readQuoteNumber(.string)
                case .bestBid, .bestAsk: _ = try cursor.readQuoteNumber(.string)
                }
            }
            if let pair, let price = lastTrade ?? last { figures.lasts.append((pair, price)) }
        }
    }
}
