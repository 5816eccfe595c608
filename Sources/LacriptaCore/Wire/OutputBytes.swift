/// Output text built as UTF-8 bytes, for the NDJSON hot path: appending a literal is a copy,
/// a number is written straight from the standard library's digit buffer, and no `String` is
/// made per line or per number.
///
/// The storage only grows and is never trimmed: `textEnd` marks the end of the text, so emptying
/// it after a write and reserving room for the next line cost nothing, and a whole line is
/// written through one `ByteCursor` (`appendThroughCursor`) with no check per piece.
///
/// What the NDJSON writer calls per line or per batch is `@inlinable public` (see `ByteCursor`
/// for why public); the string escaping, done once per pair, is an ordinary package call.
public struct OutputBytes: TextOutputStream {
    /// Initialised bytes; those from `textEnd` on are room, not text.
    @usableFromInline var storage: [UInt8]
    /// How many bytes of `storage` are text.
    @usableFromInline var textEnd = 0

    /// An empty buffer with room for `capacity` bytes.
    @inlinable
    public init(capacity: Int = 0) {
        storage = [UInt8](repeating: 0, count: capacity)
    }

    /// How many bytes of text there are.
    @inlinable public var count: Int { textEnd }

    /// The text so far.
    @inlinable public var bytes: ArraySlice<UInt8> { storage[..<textEnd] }

    /// Whether there is no text.
    @inlinable public var isEmpty: Bool { textEnd == 0 }

    /// Forgets the text, keeping the room.
    @inlinable
    public mutating func removeAll() {
        textEnd = 0
    }

    /// Calls `body` with the text's bytes.
    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<textEnd])) }
    }

    /// Appends what `body` writes through a cursor, at most `limit` bytes: room is made once for a
    /// whole line, where appending piece by piece would check capacity and uniqueness and call
    /// `memmove` some 25 times.
    @inlinable
    public mutating func appendThroughCursor(limit: Int, _ body: (inout ByteCursor) -> Void) {
        if storage.count - textEnd < limit {
            // Doubling keeps growth amortised; the zeros are written once per growth, not per line.
            storage.append(contentsOf: repeatElement(0, count: max(limit, storage.count)))
        }
        let start = textEnd
        let written = storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, limit > 0 else { return 0 }
            var cursor = ByteCursor(start: base + start, count: limit)
            body(&cursor)
            return cursor.written
        }
        textEnd += written
    }

    /// Appends `string`'s UTF-8.
    @inlinable
    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in appendThroughCursor(limit: utf8.count) { $0.append(UnsafeRawBufferPointer(utf8)) } }
    }

    /// Appends a literal.
    @inlinable
    public mutating func append(_ literal: StaticString) {
        appendThroughCursor(limit: literal.utf8CodeUnitCount) { $0.append(literal) }
    }

    /// Appends one byte.
    @inlinable
    public mutating func append(byte: UInt8) {
        appendThroughCursor(limit: 1) { $0.append(byte: byte) }
    }

    /// A JSON string. Text from the wire: anything outside printable ASCII is escaped, so control
    /// characters can never pass through raw.
    package mutating func appendJSONString(_ text: String) {
        append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case " "..."~": append(byte: UInt8(truncatingIfNeeded: scalar.value))
            default:
                if scalar.value > 0xFFFF {
                    let offset = scalar.value - 0x10000
                    appendEscape(0xD800 + (offset >> 10))
                    appendEscape(0xDC00 + (offset & 0x3FF))
                } else {
                    appendEscape(scalar.value)
                }
            }
        }
        append("\"")
    }

    /// `\uXXXX` with lower-case hex digits.
    private mutating func appendEscape(_ unit: UInt32) {
        append("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: (unit >> UInt32(shift)) & 0xF)
            append(byte: nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }
}
