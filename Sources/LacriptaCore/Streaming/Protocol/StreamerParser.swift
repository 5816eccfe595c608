/// Turns the bytes of one streamer frame into a `StreamerMessage`, in one pass and without
/// Foundation.
///
/// Keys may come in any order (`TYPE` is not always first), so the parser reads every known key
/// into a `ScanRecord` and only then decides what the message is. Unknown keys and nested values
/// (`INFO_OBJ`) are skipped without decoding. The parser is a value with no mutable state: share
/// one freely.
public struct StreamerParser: Sendable {
    private let keys: KeyTable<StreamerKey>
    /// Markets and symbols of the pairs the caller expects (see `init(fields:expecting:)`).
    private let pairTexts: KnownTexts

    /// A parser over the streamer's whole key set.
    public init() {
        self.init(fields: .all)
    }

    /// A parser that reads only `fields` of price updates and steps over the other figures as it
    /// does over unknown keys (their grammar is still checked, their value never computed). An
    /// update carries about fifteen figures and a view shows a few; converting the rest is most
    /// of the parsing cost. `FLAGS` is always read: it decides the direction of every update.
    ///
    /// The market and symbols of the `expecting` pairs are matched against the wire bytes and
    /// shared, instead of being built as new strings three times per update; other pairs parse
    /// as usual.
    public init(fields: PriceFieldSet, expecting pairs: [PairKey] = []) {
        keys = fields.isSuperset(of: .all) ? StreamerKey.table : KeyTable(keys: StreamerKey.all.filter { $0.key.isRead(for: fields) })
        pairTexts = KnownTexts(pairs.flatMap { [$0.market, $0.from, $0.to] })
    }

    /// Parses one JSON object held in `bytes`.
    public func parse(_ bytes: UnsafeRawBufferPointer) -> StreamerMessage {
        var record = ScanRecord()
        switch parse(bytes, into: &record) {
        case .priceUpdate: return record.classified()
        case .message(let message): return message
        }
    }

    /// What `parse(_:into:)` found.
    package enum Scanned {
        /// A price update, left in the record for `PriceBoard.merge(scanned:receivedAt:_:)`.
        case priceUpdate
        /// Any other message (or a malformed one), classified.
        case message(StreamerMessage)
    }

    /// Parses one JSON object held in `bytes` into `record`, which the caller reuses from message
    /// to message. A price update stays in the record, to be merged from there: building the
    /// `.update` message would copy its 300 bytes of figures out, once more into the enum, and
    /// again wherever it is matched.
    package func parse(_ bytes: UnsafeRawBufferPointer, into record: inout ScanRecord) -> Scanned {
        record.reset()
        guard let raw = bytes.baseAddress, !bytes.isEmpty else { return .message(.malformed(.empty)) }
        var cursor = JSONCursor(base: raw.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        cursor.skipWhitespace()
        guard cursor.offset < cursor.count else { return .message(.malformed(.empty)) }
        guard cursor.base[cursor.offset] == UInt8(ascii: "{") else { return .message(.malformed(.notAnObject)) }
        do {
            try scanObject(&cursor, into: &record)
        } catch {
            return .message(.malformed(StreamerParseFailure(error)))
        }
        return record.isPriceUpdate ? .priceUpdate : .message(record.classified())
    }

    /// Parses one JSON object held in `bytes`.
    public func parse(_ bytes: [UInt8]) -> StreamerMessage {
        bytes.withUnsafeBytes { parse($0) }
    }

    /// Walks the top-level object, whose `{` is next, filling `record` with the values of known keys.
    private func scanObject(_ cursor: inout JSONCursor, into record: inout ScanRecord) throws(JSONReadFailure) {
        cursor.offset &+= 1
        cursor.skipWhitespace()
        if try cursor.peek() == UInt8(ascii: "}") {
            cursor.offset &+= 1
        } else {
            // The streamer sends compact JSON: each `take` below is the whole step when no
            // whitespace comes between the tokens, and whitespace is looked for only otherwise.
            while true {
                try cursor.expect(JSONCursor.quote)
                let key = try cursor.readKey(in: keys, order: &record.keyOrder)
                if !cursor.take(UInt8(ascii: ":")) {
                    cursor.skipWhitespace()
                    try cursor.expect(UInt8(ascii: ":"))
                }
                cursor.skipWhitespace()
                if let key {
                    try readValue(for: key, from: &cursor, into: &record)
                } else {
                    try cursor.skipValue()
                }
                if cursor.take(UInt8(ascii: ",")) {
                    if !cursor.isAt(JSONCursor.quote) { cursor.skipWhitespace() }
                    continue
                }
                cursor.skipWhitespace()
                let separator = try cursor.peek()
                cursor.offset &+= 1
                if separator == UInt8(ascii: ",") {
                    cursor.skipWhitespace()
                } else if separator == UInt8(ascii: "}") {
                    break
                } else {
                    throw .unexpectedByte(offset: cursor.offset &- 1)
                }
            }
        }
        cursor.skipWhitespace()
        guard cursor.offset == cursor.count else { throw .unexpectedByte(offset: cursor.offset) }
    }

    /// Reads the value of a known key into its slot of `record`.
    @inline(__always)
    private func readValue(for key: StreamerKey, from cursor: inout JSONCursor, into record: inout ScanRecord) throws(JSONReadFailure) {
        switch key {
        case .field(let field):
            if let number = try readLenientNumber(&cursor) {
                record.fields.setValue(number.value, at: field.rawValue)
            }
        case .type:
            try readType(&cursor, into: &record)
        case .flags:
            if let flags = try readLenientNumber(&cursor)?.int64 {
                record.flags = Int(truncatingIfNeeded: flags)
            }
        case .market: record.market = try readPairText(&cursor)
        case .fromSymbol: record.from = try readPairText(&cursor)
        case .toSymbol: record.to = try readPairText(&cursor)
        case .lastTradeID: record.fields.lastTradeID = try readText(&cursor)
        case .lastMarket: record.fields.lastMarket = try readText(&cursor)
        case .message: record.control.message = try readText(&cursor)
        case .sub: record.control.sub = try readText(&cursor)
        case .info: record.control.info = try readText(&cursor)
        case .parameter: record.control.parameter = try readText(&cursor)
        case .timeMilliseconds: record.control.timeMilliseconds = try readLenientNumber(&cursor)?.int64
        case .serverName: record.control.welcome.serverName = try readText(&cursor)
        case .dataFormat: record.control.welcome.dataFormat = try readText(&cursor)
        case .socketID: record.control.welcome.socketID = try readText(&cursor)
        case .serverUptimeSeconds: record.control.welcome.serverUptimeSeconds = try readLenientNumber(&cursor)?.int64
        case .serverTimeMilliseconds: record.control.welcome.serverTimeMilliseconds = try readLenientNumber(&cursor)?.int64
        case .clientID: record.control.welcome.clientID = try readLenientNumber(&cursor)?.int64
        case .socketsActive: record.control.welcome.socketsActive = try readLenientNumber(&cursor)?.int64
        case .socketsRemaining: record.control.welcome.socketsRemaining = try readLenientNumber(&cursor)?.int64
        case .rateLimitMax(let period):
            record.control.welcome.rateLimitMax[period] = try readLenientNumber(&cursor)?.int64
        case .rateLimitRemaining(let period):
            record.control.welcome.rateLimitRemaining[period] = try readLenientNumber(&cursor)?.int64
        }
    }

    /// A number written as a JSON number or as a numeric string (`"FLAGS":"4"`, as REST does).
    /// `null`, other strings and containers read as absent; a malformed bare number is an error.
    @inline(__always)
    private func readLenientNumber(_ cursor: inout JSONCursor) throws(JSONReadFailure) -> JSONNumber? {
        switch try cursor.peek() {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try cursor.readNumber()
        case JSONCursor.quote:
            cursor.offset &+= 1
            guard let span = try cursor.readRawStringSpan() else { return nil }
            return try? cursor.number(filling: span)
        default:
            try cursor.skipValue()
            return nil
        }
    }

    /// A market or symbol: an expected one is shared, anything else read as `readText` reads it.
    @inline(__always)
    private func readPairText(_ cursor: inout JSONCursor) throws(JSONReadFailure) -> String? {
        guard cursor.take(JSONCursor.quote) else { return try readText(&cursor) }
        return try cursor.readString(preferring: pairTexts)
    }

    /// A string value; a number is kept as its literal text (ids are strings in every capture but
    /// could be sent as numbers); `null` and anything else read as absent.
    private func readText(_ cursor: inout JSONCursor) throws(JSONReadFailure) -> String? {
        switch try cursor.peek() {
        case JSONCursor.quote:
            cursor.offset &+= 1
            return try cursor.readString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = cursor.offset
            _ = try cursor.readNumber()
            return String(decoding: UnsafeBufferPointer(start: cursor.base + start, count: cursor.offset &- start), as: UTF8.self)
        default:
            try cursor.skipValue()
            return nil
        }
    }

    /// `TYPE` is a JSON string of digits on the wire; a bare number is tolerated. Numeric types are
    /// kept as an `Int` without building a string; anything else is kept as text for `.unknown`.
    private func readType(_ cursor: inout JSONCursor, into record: inout ScanRecord) throws(JSONReadFailure) {
        if try cursor.peek() == JSONCursor.quote {
            cursor.offset &+= 1
            let start = cursor.offset
            if let span = try cursor.readRawStringSpan(), let code = try? cursor.number(filling: span).integer,
                cursor.base[span.lowerBound] != UInt8(ascii: "-")
            {
                record.type = .code(Int(truncatingIfNeeded: code))
            } else {
                cursor.offset = start
                record.type = .text(try cursor.readString())
            }
        } else if let code = try readLenientNumber(&cursor)?.integer {
            record.type = .code(Int(truncatingIfNeeded: code))
        }
    }
}
