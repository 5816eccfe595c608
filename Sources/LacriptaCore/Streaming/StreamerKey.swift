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

/// Up to 32 key bytes packed into four little-endian words, zero-padded, so a key compares in four
/// word comparisons instead of a byte loop.
///
/// Byte `i` always sits in bits `8 * (i % 8)` of word `i / 8`, whatever the machine's byte order,
/// so the table (built byte by byte) and the scanner (which loads whole words) agree.
struct PackedKey: Equatable {
    /// The longest key that can be packed; longer keys are never ones we read.
    static let capacity = 32

    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Packs `bytes` (at most `capacity` of them).
    init<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for (index, byte) in bytes.enumerated() where index < Self.capacity {
            let bits = UInt64(byte) << UInt64((index & 7) * 8)
            switch index >> 3 {
            case 0: words.0 |= bits
            case 1: words.1 |= bits
            case 2: words.2 |= bits
            default: words.3 |= bits
            }
        }
    }

    /// Packs `length` bytes at `pointer` by loading whole words; the caller guarantees 32
    /// readable bytes there. Bytes past `length` are masked off.
    @inline(__always)
    init(loadingFrom pointer: UnsafeRawPointer, length: Int) {
        words = (
            Self.word(pointer, 0, length), Self.word(pointer, 1, length),
            Self.word(pointer, 2, length), Self.word(pointer, 3, length)
        )
    }

    @inline(__always)
    private static func word(_ pointer: UnsafeRawPointer, _ index: Int, _ length: Int) -> UInt64 {
        let valid = length &- index &* 8
        if valid <= 0 { return 0 }
        let word = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
        return valid >= 8 ? word : word & ((1 << UInt64(valid &* 8)) &- 1)
    }

    static func == (lhs: PackedKey, rhs: PackedKey) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }

    /// A well-mixed hash of the words and the length.
    @inline(__always)
    func hash(length: Int) -> UInt64 {
        var hash = words.0 &* 0x9E37_79B9_7F4A_7C15
        hash ^= words.1 &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= words.2 &* 0x1656_67B1_9E37_79F9
        hash ^= words.3 &* 0xD6E8_FEB8_6659_FD93
        hash ^= UInt64(truncatingIfNeeded: length)
        return (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
    }
}

/// An open-addressing table from packed key bytes to `StreamerKey`, built once.
///
/// Chosen over `[String: StreamerKey]` so that looking up a key allocates nothing and costs one
/// hash of four words plus, usually, one comparison.
struct KeyTable: Sendable {
    /// One slot; `length == 0` marks an empty slot (no key is empty).
    private struct Entry: Sendable {
        var packed = PackedKey(bytes: [])
        var length = 0
        var key = StreamerKey.type
    }

    /// 128 slots for ~60 keys keeps probe chains short.
    private static let slotBits = 7
    private let entries: [Entry]

    /// The table of every key the streamer parser reads.
    static let streamer = KeyTable(keys: StreamerKey.all)

    /// Builds the table; keys longer than `PackedKey.capacity` cannot be represented and are left out.
    init(keys: [(name: String, key: StreamerKey)]) {
        var entries = [Entry](repeating: Entry(), count: 1 << Self.slotBits)
        for (name, key) in keys where name.utf8.count <= PackedKey.capacity {
            let packed = PackedKey(bytes: name.utf8)
            var slot = Self.slot(packed.hash(length: name.utf8.count))
            while entries[slot].length != 0 { slot = (slot + 1) & (entries.count - 1) }
            entries[slot] = Entry(packed: packed, length: name.utf8.count, key: key)
        }
        self.entries = entries
    }

    /// The key whose bytes were packed into `packed`, or `nil` for a key we do not read.
    @inline(__always)
    func lookup(_ packed: PackedKey, length: Int) -> StreamerKey? {
        entries.withUnsafeBufferPointer { entries in
            var slot = Self.slot(packed.hash(length: length))
            while true {
                let entry = entries[slot]
                if entry.length == 0 { return nil }
                if entry.length == length && entry.packed == packed { return entry.key }
                slot = (slot + 1) & (entries.count - 1)
            }
        }
    }

    @inline(__always)
    private static func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> UInt64(64 - slotBits))
    }
}
