/// Output text built as UTF-8 bytes, for the NDJSON hot path: appending a literal is a copy,
/// a number is written straight from the standard library's digit buffer, and no `String` is
/// made per line or per number. Many pieces in a row go through `appendThroughCursor`.
struct OutputBytes: TextOutputStream {
    /// The text so far.
    var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `string`'s UTF-8.
    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends a literal.
    mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends precomputed bytes.
    mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Appends `value` in decimal, like `String(value)`.
    mutating func append(_ value: Int64) {
        appendThroughCursor(limit: ByteCursor.longestInteger) { $0.append(value) }
    }

    /// A JSON number: whole numbers below 10^15 as integers, others in Swift's shortest
    /// round-trip form; `null` when absent or not finite (JSON has no NaN or infinity).
    mutating func appendJSONNumber(_ value: Double?) {
        appendThroughCursor(limit: ByteCursor.longestNumber) { $0.appendJSONNumber(value) }
    }

    /// Zeros that `appendThroughCursor` grows the buffer with: one copy, no per-byte loop.
    private static let zeros = [UInt8](repeating: 0, count: 1024)

    /// The most `appendThroughCursor` may write at once.
    static var cursorLimit: Int { zeros.count }

    /// Appends what `body` writes through a cursor, at most `limit` bytes (at most
    /// `cursorLimit`): the buffer is grown once and trimmed once for a whole line, where appending
    /// piece by piece would check capacity and uniqueness and call `memmove` some 25 times.
    mutating func appendThroughCursor(limit: Int, _ body: (inout ByteCursor) -> Void) {
        precondition(limit <= Self.cursorLimit, "a cursor write of \(limit) bytes is longer than the reserve")
        let start = bytes.count
        Self.zeros.withUnsafeBufferPointer { bytes.append(contentsOf: $0.prefix(limit)) }
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            // The buffer is not empty: `limit` bytes were just appended (a zero limit writes nothing).
            guard let base = buffer.baseAddress, limit > 0 else { return 0 }
            var cursor = ByteCursor(start: base + start, count: limit)
            body(&cursor)
            return cursor.written
        }
        bytes.removeLast(limit - written)
    }

    /// A JSON string. Text from the wire: anything outside printable ASCII is escaped, so control
    /// characters can never pass through raw.
    mutating func appendJSONString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case " "..."~": bytes.append(UInt8(truncatingIfNeeded: scalar.value))
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
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX` with lower-case hex digits.
    private mutating func appendEscape(_ unit: UInt32) {
        append("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: (unit >> UInt32(shift)) & 0xF)
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }
}
