/// The reading steps the exchange adapters share, on top of the streamer's byte scanner.
///
/// Each step validates what it consumes (a value a parser does not want is still skipped by the
/// JSON grammar), so a message cut anywhere fails with `.truncated` instead of parsing as a
/// shorter one.
extension JSONCursor {
    /// A cursor over `message`; nil when it is empty.
    init?(_ message: UnsafeRawBufferPointer) {
        guard let base = message.baseAddress, !message.isEmpty else { return nil }
        self.init(base: base.assumingMemoryBound(to: UInt8.self), count: message.count)
    }

    /// Reads one object, calling `member` with each key's span (nil for a key with an escape,
    /// which no exchange uses for a key we read) and the cursor at its value. A member that
    /// leaves the value unread has it skipped.
    @inline(__always)
    mutating func readObject(
        _ member: (_ key: Range<Int>?, _ cursor: inout JSONCursor) throws(JSONReadFailure) -> Void
    ) throws(JSONReadFailure) {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return }
        while true {
            try expect(Self.quote)
            let key = try readRawStringSpan()
            if !take(UInt8(ascii: ":")) {
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
            }
            skipWhitespace()
            let valueStart = offset
            try member(key, &self)
            if offset == valueStart { try skipValue() }
            skipWhitespace()
            let separator = try peek()
            offset &+= 1
            if separator == UInt8(ascii: "}") { return }
            guard separator == UInt8(ascii: ",") else { throw .unexpectedByte(offset: offset &- 1) }
            skipWhitespace()
        }
    }

    /// Reads one array, calling `element` with each index and the cursor at the element. An
    /// element left unread is skipped.
    @inline(__always)
    mutating func readArray(
        _ element: (_ index: Int, _ cursor: inout JSONCursor) throws(JSONReadFailure) -> Void
    ) throws(JSONReadFailure) {
        skipWhitespace()
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return }
        var index = 0
        while true {
            let valueStart = offset
            try element(index, &self)
            if offset == valueStart { try skipValue() }
            index &+= 1
            skipWhitespace()
            let separator = try peek()
            offset &+= 1
            if separator == UInt8(ascii: "]") { return }
            guard separator == UInt8(ascii: ",") else { throw .unexpectedByte(offset: offset &- 1) }
            skipWhitespace()
        }
    }

    /// Checks that only whitespace follows the top-level value.
    mutating func expectEnd() throws(JSONReadFailure) {
        skipWhitespace()
        guard offset == count else { throw .unexpectedByte(offset: offset) }
    }

    /// The span of a string value without escapes; nil (the value skipped) for any other value,
    /// including a string with an escape, which no name or number we read contains.
    @inline(__always)
    mutating func readStringSpan() throws(JSONReadFailure) -> Range<Int>? {
        guard take(Self.quote) else {
            try skipValue()
            return nil
        }
        return try readRawStringSpan()
    }

    /// A string value, escapes decoded; nil (the value skipped) for anything else, `null` included.
    mutating func readText() throws(JSONReadFailure) -> String? {
        guard take(Self.quote) else {
            try skipValue()
            return nil
        }
        return try readString()
    }

    /// A figure as `spelling` says the market writes it: a string of a JSON number (Coinbase,
    /// Bitstamp's books and `_str` fields) or a bare JSON number (Kraken, Bitfinex), with its text
    /// as sent. `null`, other values and strings that are not numbers read as absent; the other
    /// spelling, a malformed bare number, and a value `figure` does not allow (a price at or below
    /// zero, a negative size, anything not finite) fail the message, so a forged or broken quote
    /// is counted as malformed instead of reaching a table, a line or an alert.
    @inline(__always)
    mutating func readQuoteNumber(_ spelling: QuoteSpelling, _ figure: QuoteFigure = .price) throws(JSONReadFailure) -> QuoteNumber? {
        let start = offset
        let read: QuoteNumber
        switch try peek() {
        case Self.quote:
            guard spelling == .string else { throw .unexpectedByte(offset: start) }
            offset &+= 1
            guard let span = try readRawStringSpan(), let number = try? number(filling: span) else { return nil }
            read = QuoteNumber(text: text(span), value: number.value)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard spelling == .number else { throw .unexpectedByte(offset: start) }
            let number = try readNumber()
            read = QuoteNumber(text: text(start..<offset), value: number.value)
        default:
            try skipValue()
            return nil
        }
        guard figure.allows(read.value) else { throw .invalidNumber(offset: start) }
        return read
    }

    /// An integer sent as a JSON number; nil (the value skipped) for anything else.
    mutating func readInteger() throws(JSONReadFailure) -> Int64? {
        switch try peek() {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber().integer
        default:
            try skipValue()
            return nil
        }
    }

    /// `true` or `false`; nil (the value skipped) for anything else.
    mutating func readBool() throws(JSONReadFailure) -> Bool? {
        let before = offset
        try skipValue()
        switch base[before] {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: return nil
        }
    }

    /// The bytes of `span` as a string; short ones (prices, symbols) need no allocation.
    @inline(__always)
    func text(_ span: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + span.lowerBound, count: span.count), as: UTF8.self)
    }

    /// Whether `span` holds exactly `literal`.
    @inline(__always)
    func span(_ span: Range<Int>, is literal: StaticString) -> Bool {
        guard span.count == literal.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return UnsafeBufferPointer(start: base + span.lowerBound, count: span.count).elementsEqual(expected)
    }

    /// Whether `span` starts with `literal`.
    func span(_ span: Range<Int>, hasPrefix literal: StaticString) -> Bool {
        guard span.count >= literal.utf8CodeUnitCount else { return false }
        return self.span(span.lowerBound..<(span.lowerBound + literal.utf8CodeUnitCount), is: literal)
    }
}

/// How a market writes its figures: every exchange uses one spelling for each field.
enum QuoteSpelling: Sendable {
    /// A string holding a JSON number: `"17165.16"`.
    case string
    /// A bare JSON number: `17165.16`.
    case number
}

/// What values a figure may take.
enum QuoteFigure: Sendable {
    /// A price: above zero.
    case price
    /// A size or volume: zero or more.
    case amount
    /// A change: any sign.
    case signed

    /// Whether `value` is plausible for this figure.
    @inline(__always)
    func allows(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        switch self {
        case .price: return value > 0
        case .amount: return value >= 0
        case .signed: return true
        }
    }
}
