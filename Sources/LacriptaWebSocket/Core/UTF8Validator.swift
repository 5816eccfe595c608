/// An incremental, strict UTF-8 validator (RFC 3629): no overlong forms, no surrogates, nothing
/// above U+10FFFF. It keeps its state between chunks, so a code point may be split across frames
/// and an invalid byte is reported in the fragment where it appears ("fail fast").
///
/// Never repairs: `String(decoding:)` would turn bad bytes into U+FFFD, which RFC 6455 forbids.
public struct UTF8Validator: Sendable, Hashable {
    /// Continuation bytes still expected for the current code point.
    private var remaining: UInt8 = 0
    /// Allowed range of the next continuation byte (narrower right after E0, ED, F0 and F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// The high bit of each byte of a word: set only in bytes that are not ASCII.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// A validator at a code-point boundary.
    public init() {}

    /// True when no code point is open, i.e. the bytes so far form complete valid UTF-8.
    public var isAtBoundary: Bool { remaining == 0 }

    /// Feeds `bytes`; returns false at the first byte that cannot be valid UTF-8.
    public mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Most text is pure ASCII (every price update is): one pass that only ORs, tested once at
        // the end, settles it. Anything else is walked below from the start.
        if remaining == 0, Self.isASCII(bytes) { return true }
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if remaining == 0 {
                // ASCII runs between multi-byte sequences: eight bytes at a time while no high
                // bit is set (all-ASCII text was settled by `isASCII` above).
                while index + 8 <= count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & Self.highBits == 0 {
                    index += 8
                }
                guard index < count else { break }
                let byte = bytes[index]
                index += 1
                if byte < 0x80 { continue }
                guard startSequence(byte) else { return false }
            } else {
                let byte = bytes[index]
                index += 1
                guard byte >= lower, byte <= upper else { return false }
                remaining -= 1
                lower = 0x80
                upper = 0xBF
            }
        }
        return true
    }

    /// Whether every byte of `bytes` is ASCII. All bytes are ORed together and the high bit
    /// tested once: a loop with no branch but its own, which the compiler turns into vector
    /// instructions (two 16-byte loads and ORs a turn with the baseline x86-64 instructions).
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var seen: UInt8 = 0
        for index in 0..<bytes.count {
            seen |= base.load(fromByteOffset: index, as: UInt8.self)
        }
        return seen & 0x80 == 0
    }

    /// Feeds an array's bytes.
    public mutating func validate(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { validate($0) }
    }

    /// Whether `bytes` is, on its own, complete and valid UTF-8.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        var validator = UTF8Validator()
        return validator.validate(bytes) && validator.isAtBoundary
    }

    /// Sets up the expected continuation bytes for a lead byte; false for bytes that never start
    /// a sequence (continuations, C0/C1 overlongs, F5–FF).
    private mutating func startSequence(_ byte: UInt8) -> Bool {
        switch byte {
        case 0xC2...0xDF: remaining = 1
        case 0xE0: remaining = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED: remaining = 2; upper = 0x9F  // excludes UTF-16 surrogates
        case 0xF0: remaining = 3; lower = 0x90
        case 0xF1...0xF3: remaining = 3
        case 0xF4: remaining = 3; upper = 0x8F  // caps at U+10FFFF
        default: return false
        }
        return true
    }
}
