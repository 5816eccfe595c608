/// The JSON keys of streamer messages that the parser reads; every other key is skipped.
enum StreamerKey: Sendable, Equatable {
    case field(PriceField)
    case type
    case market
    case fromSymbol
    case toSymbol
    case flags
    case lastTradeID
    case lastMarket
    case message
    case sub
    case info
    case parameter
    case timeMilliseconds
    case serverName
    case serverUptimeSeconds
    case serverTimeMilliseconds
    case clientID
    case dataFormat
    case socketID
    case socketsActive
    case socketsRemaining
    case rateLimitMax(RateLimitPeriod)
    case rateLimitRemaining(RateLimitPeriod)

    /// The periods of the welcome's `RATELIMIT_*` figures.
    enum RateLimitPeriod: CaseIterable, Sendable {
        case second, minute, hour, day, month

        /// The suffix of the wire key (`SECOND`).
        var wireSuffix: String {
            switch self {
            case .second: "SECOND"
            case .minute: "MINUTE"
            case .hour: "HOUR"
            case .day: "DAY"
            case .month: "MONTH"
            }
        }
    }

    /// Whether a parser reading `fields` of price updates reads this key; control keys always are.
    func isRead(for fields: PriceFieldSet) -> Bool {
        switch self {
        case .field(let field): fields.contains(field)
        case .lastTradeID: fields.contains(.lastTradeID)
        case .lastMarket: fields.contains(.lastMarket)
        default: true
        }
    }

    /// Every key with its wire name.
    static var all: [(name: String, key: StreamerKey)] {
        var keys: [(String, StreamerKey)] = PriceField.allCases.map { ($0.wireName, .field($0)) }
        keys += [
            ("TYPE", .type), ("MARKET", .market), ("FROMSYMBOL", .fromSymbol), ("TOSYMBOL", .toSymbol),
            ("FLAGS", .flags), ("LASTTRADEID", .lastTradeID), ("LASTMARKET", .lastMarket),
            ("MESSAGE", .message), ("SUB", .sub), ("INFO", .info), ("PARAMETER", .parameter),
            ("TIMEMS", .timeMilliseconds), ("SERVER_NAME", .serverName),
            ("SERVER_UPTIME_SECONDS", .serverUptimeSeconds), ("SERVER_TIME_MS", .serverTimeMilliseconds),
            ("CLIENT_ID", .clientID), ("DATA_FORMAT", .dataFormat), ("SOCKET_ID", .socketID),
            ("SOCKETS_ACTIVE", .socketsActive), ("SOCKETS_REMAINING", .socketsRemaining),
        ]
        for period in RateLimitPeriod.allCases {
            keys.append(("RATELIMIT_MAX_" + period.wireSuffix, .rateLimitMax(period)))
            keys.append(("RATELIMIT_REMAINING_" + period.wireSuffix, .rateLimitRemaining(period)))
        }
        return keys
    }
}

/// A key's bytes as the table compares them: its first and its last eight bytes, which for a key
/// of at most 16 bytes are all of it, and for longer keys the words at offsets 8 and 16. Every
/// word is a plain unaligned load from the message (only a key under 8 bytes needs a mask), and
/// the hash mixes two words instead of four.
///
/// Words are little-endian (`UInt64(littleEndian:)`), whatever the machine's byte order, so the
/// table (built from the names) and the scanner (loading from the message) agree.
struct KeyWords: Equatable {
    /// The longest key that can be looked up; longer keys are never ones we read.
    static let capacity = 32

    var length: Int
    var first: UInt64
    var last: UInt64
    /// Bytes 8..<16 (keys over 16 bytes) and 16..<24 (over 24); zero otherwise.
    var middle: (UInt64, UInt64)

    /// The words of the `length`-byte key at `pointer`; 32 bytes there must be readable.
    @inline(__always)
    init(at pointer: UnsafeRawPointer, length: Int) {
        self.length = length
        let head = Self.load(pointer, 0)
        first = length >= 8 ? head : head & ((1 << UInt64(length &* 8)) &- 1)
        last = length > 8 ? Self.load(pointer, length &- 8) : 0
        middle = (length > 16 ? Self.load(pointer, 8) : 0, length > 24 ? Self.load(pointer, 16) : 0)
    }

    /// The words of `bytes` (at most `capacity`), from a zero-padded copy on the stack: the
    /// parser takes this path for the last key or two of every message (fewer than 32 bytes
    /// left), so it must not allocate.
    init(bytes: some Collection<UInt8>) {
        var padded: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        let length = min(bytes.count, Self.capacity)
        self = withUnsafeMutableBytes(of: &padded) { buffer in
            for (index, byte) in bytes.prefix(Self.capacity).enumerated() { buffer[index] = byte }
            return KeyWords(at: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped), length: length)
        }
    }

    @inline(__always)
    private static func load(_ pointer: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    static func == (lhs: KeyWords, rhs: KeyWords) -> Bool {
        lhs.length == rhs.length && lhs.first == rhs.first && lhs.last == rhs.last && lhs.middle.0 == rhs.middle.0
            && lhs.middle.1 == rhs.middle.1
    }

    /// A well-mixed hash of the first and last words and the length.
    @inline(__always)
    var hash: UInt64 {
        var hash = first &* 0x9E37_79B9_7F4A_7C15
        hash ^= last &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= UInt64(truncatingIfNeeded: length)
        return (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
    }
}

/// An open-addressing table from key bytes to `StreamerKey`, built once.
///
/// Chosen over `[String: StreamerKey]` so that looking up a key allocates nothing and costs one
/// hash of two words plus, usually, one comparison.
struct KeyTable: Sendable {
    /// One slot; `words.length == 0` marks an empty slot (no key is empty).
    private struct Entry: Sendable {
        var words = KeyWords(bytes: [])
        var key = StreamerKey.type
    }

    /// 128 slots for ~60 keys keeps probe chains short.
    private static let slotBits = 7
    private let entries: [Entry]

    /// The table of every key the streamer parser reads.
    static let streamer = KeyTable(keys: StreamerKey.all)

    /// Builds the table; keys longer than `KeyWords.capacity` cannot be represented and are left out.
    init(keys: [(name: String, key: StreamerKey)]) {
        var entries = [Entry](repeating: Entry(), count: 1 << Self.slotBits)
        for (name, key) in keys where (1...KeyWords.capacity).contains(name.utf8.count) {
            let words = KeyWords(bytes: Array(name.utf8))
            var slot = Self.slot(words.hash)
            while entries[slot].words.length != 0 { slot = (slot + 1) & (entries.count - 1) }
            entries[slot] = Entry(words: words, key: key)
        }
        self.entries = entries
    }

    /// The key whose bytes `words` hold, or `nil` for a key we do not read.
    @inline(__always)
    func lookup(_ words: KeyWords) -> StreamerKey? {
        entries.withUnsafeBufferPointer { entries in
            var slot = Self.slot(words.hash)
            while true {
                let entry = entries[slot]
                if entry.words.length == 0 { return nil }
                if entry.words == words { return entry.key }
                slot = (slot + 1) & (entries.count - 1)
            }
        }
    }

    @inline(__always)
    private static func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> UInt64(64 - slotBits))
    }
}

/// Strings a parser expects as values, such as the subscribed pairs' market and symbols: a value
/// that is one of them is matched by its words and shares the stored `String`, instead of being
/// decoded and validated into a new one three times per update.
struct KnownTexts: Sendable {
    private let entries: [(words: KeyWords, text: String)]

    /// The distinct `texts` that fit `KeyWords.capacity`; longer ones are simply never matched.
    init(_ texts: some Sequence<String>) {
        var seen = Set<String>()
        entries = texts.compactMap { text in
            let bytes = Array(text.utf8)
            guard (1...KeyWords.capacity).contains(bytes.count), seen.insert(text).inserted else { return nil }
            return (KeyWords(bytes: bytes), text)
        }
    }

    /// Whether there is nothing to match.
    var isEmpty: Bool { entries.isEmpty }

    /// The stored string whose bytes `words` hold, if any.
    @inline(__always)
    func match(_ words: KeyWords) -> String? {
        for entry in entries where entry.words == words { return entry.text }
        return nil
    }
}
