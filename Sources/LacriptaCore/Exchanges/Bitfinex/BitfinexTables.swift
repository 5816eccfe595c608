/// The tables one Bitfinex adapter reads with, and the reading itself.
struct BitfinexTables: Sendable {
    let keys = WireNames(BitfinexScan.keyNames)
    let events = WireNames(BitfinexScan.eventNames)
    /// Pair indices by Bitfinex symbol (`tBTCUSD`).
    let symbols: WireNames<Int>

    /// The fields of a ticker array, `[BID,BID_SIZE,ASK,ASK_SIZE,DAILY_CHANGE,
    /// DAILY_CHANGE_RELATIVE,LAST_PRICE,VOLUME,HIGH,LOW]`, counted from the front: 2026 frames
    /// append an eleventh `null`, and conf flags append more.
    static let tickerFields = 10

    init(symbols: [String]) {
        self.symbols = WireNames<Int>.indexed(symbols)
    }

    /// Reads one whole message into `scan`.
    func scan(_ cursor: inout JSONCursor, into scan: inout BitfinexScan) throws(JSONReadFailure) {
        cursor.skipWhitespace()
        if try cursor.peek() == UInt8(ascii: "[") {
            try readChannelArray(&cursor, into: &scan)
        } else {
            try readEvent(&cursor, into: &scan)
        }
        try cursor.expectEnd()
    }

    /// An event object.
    private func readEvent(_ cursor: inout JSONCursor, into scan: inout BitfinexScan) throws(JSONReadFailure) {
        try cursor.readObject { key, cursor throws(JSONReadFailure) in
            guard let key, let name = keys.value(cursor.base, key, limit: cursor.count) else { return }
            switch name {
            case .event:
                if let span = try cursor.readStringSpan() { scan.event = events.value(cursor.base, span, limit: cursor.count) ?? .other }
            case .channel:
                if let span = try cursor.readStringSpan() { scan.isTicker = cursor.span(span, is: "ticker") }
            case .chanID: scan.chanID = try cursor.readInteger()
            case .symbol: scan.symbol = try cursor.readText()
            case .code: scan.code = try cursor.readInteger()
            case .message: scan.message = try cursor.readText()
            case .platform:
                guard try cursor.peek() == UInt8(ascii: "{") else { return }
                try cursor.readObject { key, cursor throws(JSONReadFailure) in
                    if let key, cursor.span(key, is: "status") { scan.platformStatus = try cursor.readInteger() }
                }
            }
        }
    }

    /// `[CHANID,"hb"]`, `[CHANID,[ticker…]]`, or another channel's array; what follows the
    /// payload (a sequence number and time with conf flags) is skipped.
    private func readChannelArray(_ cursor: inout JSONCursor, into scan: inout BitfinexScan) throws(JSONReadFailure) {
        try cursor.readArray { index, cursor throws(JSONReadFailure) in
            switch index {
            case 0:
                guard let id = try cursor.readInteger() else { throw .unexpectedByte(offset: cursor.offset) }
                scan.channelID = id
            case 1:
                switch try cursor.peek() {
                case JSONCursor.quote:
                    if let span = try cursor.readStringSpan(), cursor.span(span, is: "hb") { scan.payload = .heartbeat }
                case UInt8(ascii: "["):
                    scan.payload = try readTicker(&cursor)
                default:
                    return
                }
            default:
                return
            }
        }
        guard scan.channelID != nil else { throw .unexpectedByte(offset: cursor.offset) }
    }

    /// A ticker's figures; an array that starts with an array (a book snapshot) or is shorter
    /// than a ticker is `.other`.
    private func readTicker(_ cursor: inout JSONCursor) throws(JSONReadFailure) -> BitfinexScan.Payload {
        var figures: (bid: QuoteNumber?, bidSize: QuoteNumber?, ask: QuoteNumber?, askSize: QuoteNumber?, last: QuoteNumber?) = (
            nil, nil, nil, nil, nil
        )
        var count = 0
        var nested = false
        try cursor.readArray { index, cursor throws(JSONReadFailure) in
            count = index + 1
            if index == 0, try cursor.peek() == UInt8(ascii: "[") { nested = true }
            guard !nested else { return }
            switch index {
            case 0: figures.bid = try cursor.readQuoteNumber(.number)
            case 1: figures.bidSize = try cursor.readQuoteNumber(.number, .amount)
            case 2: figures.ask = try cursor.readQuoteNumber(.number)
            case 3: figures.askSize = try cursor.readQuoteNumber(.number, .amount)
            case 6: figures.last = try cursor.readQuoteNumber(.number)
            default: return
            }
        }
        guard !nested, count >= Self.tickerFields else { return .other }
        return .ticker(bid: figures.bid, bidSize: figures.bidSize, ask: figures.ask, askSize: figures.askSize, last: figures.last)
    }
}
