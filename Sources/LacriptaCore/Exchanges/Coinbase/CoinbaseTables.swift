/// The tables one Coinbase adapter reads with: keys, types and its own product ids.
struct CoinbaseTables: Sendable {
    let keys = WireNames(CoinbaseScan.keyNames)
    let kinds = WireNames(CoinbaseScan.kindNames)
    let products: WireNames<Int>

    /// Tables for a connection following the products `symbols`, by pair index.
    init(symbols: [String]) {
        products = WireNames<Int>.indexed(symbols)
    }

    /// Reads one whole message into `scan`.
    func scan(_ cursor: inout JSONCursor, into scan: inout CoinbaseScan) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .type:
                if let span = try cursor.readStringSpan() { scan.kind = kinds.value(cursor.base, span, limit: cursor.count) ?? .other }
            case .productID:
                if let span = try cursor.readStringSpan() {
                    scan.hasProduct = true
                    scan.pair = products.value(cursor.base, span, limit: cursor.count)
                }
            case .price: scan.price = try cursor.readQuoteNumber(.string)
            case .bestBid: scan.bestBid = try cursor.readQuoteNumber(.string)
            case .bestBidSize: scan.bestBidSize = try cursor.readQuoteNumber(.string, .amount)
            case .bestAsk: scan.bestAsk = try cursor.readQuoteNumber(.string)
            case .bestAskSize: scan.bestAskSize = try cursor.readQuoteNumber(.string, .amount)
            case .lastSize: scan.lastSize = try cursor.readQuoteNumber(.string, .amount)
            case .open24h: scan.open24h = try cursor.readQuoteNumber(.string)
            case .high24h: scan.high24h = try cursor.readQuoteNumber(.string)
            case .low24h: scan.low24h = try cursor.readQuoteNumber(.string)
            case .volume24h: scan.volume24h = try cursor.readQuoteNumber(.string, .amount)
            case .time:
                if let span = try cursor.readStringSpan() { scan.time = ExchangeTime.rfc3339(cursor.base, span) }
            case .message: scan.message = try cursor.readText()
            case .reason: scan.reason = try cursor.readText()
            case .channels: try readChannels(&cursor, into: &scan)
            }
        }
        try cursor.expectEnd()
    }

    /// The `channels` of a `subscriptions` ack: objects whose `product_ids` name the products
    /// subscribed. Channel names are not compared: the ack for `level2_batch` says `level2_50`.
    private func readChannels(_ cursor: inout JSONCursor, into scan: inout CoinbaseScan) throws(JSONReadFailure) {
        guard try cursor.peek() == UInt8(ascii: "[") else { return }
        try cursor.readArray { _, cursor throws(JSONReadFailure) in
            guard try cursor.peek() == UInt8(ascii: "{") else { return }
            try cursor.readObject { key, cursor throws(JSONReadFailure) in
                guard let key, cursor.span(key, is: "product_ids"), try cursor.peek() == UInt8(ascii: "[") else { return }
                try cursor.readArray { _, cursor throws(JSONReadFailure) in
                    guard let span = try cursor.readStringSpan(), let pair = products.value(cursor.base, span, limit: cursor.count) else { return }
                    if !scan.acknowledged.contains(pair) { scan.acknowledged.append(pair) }
                }
            }
        }
    }
}
