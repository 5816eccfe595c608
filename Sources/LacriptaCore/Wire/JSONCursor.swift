/// A forward-only reader over the bytes of one JSON text, with just the operations flat objects
/// such as the streamer's need: whitespace, keys, strings, numbers and skipping anything else.
/// It knows no protocol: keys are looked up in the caller's `KeyTable`, and failures are
/// `JSONReadFailure`s, which each format maps to its own.
///
/// It works on a raw pointer so that the hot path has no bounds checks, no `String` for numbers
/// and no allocation for short strings. Every read checks `offset < count` first; running out of
/// bytes throws `.truncated`.
struct JSONCursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    var offset = 0

    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Skips JSON whitespace.
    @inline(__always)
    mutating func skipWhitespace() {
        while offset < count {
            switch base[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset &+= 1
            default: return
            }
        }
    }

    /// The next byte without consuming it.
    @inline(__always)
    func peek() throws(JSONReadFailure) -> UInt8 {
        guard offset < count else { throw .truncated }
        return base[offset]
    }

    /// Consumes `byte` if it comes next; returns whether it did.
    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
        guard offset < count, base[offset] == byte else { return false }
        offset &+= 1
        return true
    }

    /// Whether `byte` comes next.
    @inline(__always)
    func isAt(_ byte: UInt8) -> Bool {
        offset < count && base[offset] == byte
    }

    /// Consumes `byte` or throws.
    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(JSONReadFailure) {
        guard offset < count else { throw .truncated }
        guard base[offset] == byte else { throw .unexpectedByte(offset: offset) }
        offset &+= 1
    }

    /// Reads an object key (the opening quote already consumed) and looks it up in `table`.
    /// Returns `nil` for keys we do not read, including any key with an escape.
    ///
    /// `order`'s guess is tried first (see `KeyOrder`), with more than `KeyWords.capacity` bytes
    /// left (its words and the byte after them can be loaded): it is right when those words and
    /// the closing quote after them match. Otherwise the key is read and looked up, and `order`
    /// learns it.
    @inline(__always)
    mutating func readKey<Key>(in table: KeyTable<Key>, order: inout KeyOrder<Key>) throws(JSONReadFailure) -> Key? {
        if let guess = order.guess, offset &+ KeyWords.capacity < count,
            base[offset &+ guess.words.length] == Self.quote,
            KeyWords(at: UnsafeRawPointer(base + offset), length: guess.words.length) == guess.words
        {
            offset &+= guess.words.length &+ 1
            order.confirm(guess.index)
            return guess.key
        }
        let words = try readKeyWords()
        let key = words.flatMap(table.lookup)
        order.learn(words, as: key)
        return key
    }

    /// Reads an object key (the opening quote already consumed) as `KeyWords`; nil for a key
    /// longer than `KeyWords.capacity` or with an escape, which is skipped (no such key is read).
    ///
    /// With 32 bytes left in the buffer, the closing quote is found 8 bytes at a time and the key
    /// is taken by word loads; byte-wise packing through memory would stall on store forwarding.
    @inline(__always)
    private mutating func readKeyWords() throws(JSONReadFailure) -> KeyWords? {
        let start = offset
        guard start &+ KeyWords.capacity <= count else { return try readKeyWordsSlowly() }
        guard let length = shortStringLength() else {
            try skipStringBody()
            return nil
        }
        offset = start &+ length &+ 1
        return KeyWords(at: UnsafeRawPointer(base + start), length: length)
    }

    /// The length of the string at `offset` (its opening quote consumed) when it closes within
    /// `KeyWords.capacity` bytes without an escape; `nil` otherwise. The caller guarantees that
    /// many readable bytes. The closing quote is found eight bytes at a time.
    @inline(__always)
    func shortStringLength() -> Int? {
        let pointer = UnsafeRawPointer(base + offset)
        for wordIndex in 0..<(KeyWords.capacity / 8) {
            let word = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: wordIndex &* 8, as: UInt64.self))
            let matches = Self.quoteOrBackslashBits(word)
            if matches != 0 {
                let length = wordIndex &* 8 &+ matches.trailingZeroBitCount >> 3
                return base[offset &+ length] == Self.quote ? length : nil
            }
        }
        return nil
    }

    /// A string value (the opening quote consumed) that is one of `known`, returned without
    /// building a new `String`; anything else is read as `readString` reads it.
    @inline(__always)
    mutating func readString(preferring known: KnownTexts) throws(JSONReadFailure) -> String {
        if !known.isEmpty, offset &+ KeyWords.capacity <= count, let length = shortStringLength(),
            let text = known.match(KeyWords(at: UnsafeRawPointer(base + offset), length: length))
        {
            offset &+= length &+ 1
            return text
        }
        return try readString()
    }

    /// `readKeyWords` near the end of the buffer, where whole-word loads could read past it.
    private mutating func readKeyWordsSlowly() throws(JSONReadFailure) -> KeyWords? {
        let start = offset
        while true {
            guard offset < count else { throw .truncated }
            let byte = base[offset]
            if byte == Self.quote { break }
            if byte == Self.backslash {
                try skipStringBody()
                return nil
            }
            offset &+= 1
        }
        let length = offset &- start
        offset &+= 1
        guard length <= KeyWords.capacity else { return nil }
        return KeyWords(bytes: UnsafeBufferPointer(start: base + start, count: length))
    }

    /// The high bit of every byte of `word` that is a quote or a backslash. Only the lowest set bit
    /// is exact (borrows can mark bytes above a match), which is all a search for the first needs.
    @inline(__always)
    static func quoteOrBackslashBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ 0x2222_2222_2222_2222
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        return ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & 0x8080_8080_8080_8080
    }

    /// Reads a string (the opening quote already consumed), decoding escapes.
    ///
    /// Strings of up to 15 UTF-8 bytes without escapes (symbols, markets, trade ids) become Swift
    /// small strings and do not allocate.
    mutating func readString() throws(JSONReadFailure) -> String {
        let start = offset
        while offset < count {
            let byte = base[offset]
            if byte == Self.quote {
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: offset &- start), as: UTF8.self)
                offset &+= 1
                return text
            }
            if byte == Self.backslash {
                return try readEscapedString(from: start)
            }
            offset &+= 1
        }
        throw .truncated
    }

    /// The bytes of a string without escapes (the opening quote already consumed), for numeric
    /// strings such as `"FLAGS":"2050"`. Returns `nil` (having skipped the string) when it has escapes.
    mutating func readRawStringSpan() throws(JSONReadFailure) -> Range<Int>? {
        let start = offset
        while offset < count {
            let byte = base[offset]
            if byte == Self.quote {
                offset &+= 1
                return start..<(offset &- 1)
            }
            if byte == Self.backslash {
                try skipStringBody()
                return nil
            }
            offset &+= 1
        }
        throw .truncated
    }

    /// Skips to just past the closing quote of a string whose opening quote is consumed.
    mutating func skipStringBody() throws(JSONReadFailure) {
        // Eight bytes a step up to the first quote or backslash (a trade id is one or two steps).
        while offset &+ 8 <= count {
            let stops = Self.quoteOrBackslashBits(UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)))
            if stops != 0 {
                offset &+= stops.trailingZeroBitCount &>> 3
                break
            }
            offset &+= 8
        }
        while offset < count {
            let byte = base[offset]
            if byte == Self.quote {
                offset &+= 1
                return
            }
            // An escape covers the next byte, which may be a quote.
            offset &+= byte == Self.backslash ? 2 : 1
        }
        throw .truncated
    }

    /// Skips one value of any kind: string, number, literal, or a nested object or array
    /// (such as `INFO_OBJ`), which is skipped by bracket depth without being decoded.
    mutating func skipValue() throws(JSONReadFailure) {
        switch try peek() {
        case Self.quote:
            offset &+= 1
            try skipStringBody()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipContainer()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
        case UInt8(ascii: "f"):
            try expectLiteral("false")
        case UInt8(ascii: "n"):
            try expectLiteral("null")
        default:
            try skipNumber()
        }
    }

    private mutating func skipContainer() throws(JSONReadFailure) {
        var depth = 0
        while offset < count {
            let byte = base[offset]
            offset &+= 1
            switch byte {
            case Self.quote:
                try skipStringBody()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth &+= 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth &-= 1
                if depth == 0 { return }
            default:
                break
            }
        }
        throw .truncated
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONReadFailure) {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in bytes {
            try expect(byte)
        }
    }
}
