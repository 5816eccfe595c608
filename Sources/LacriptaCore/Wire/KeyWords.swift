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
