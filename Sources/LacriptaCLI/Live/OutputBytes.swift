/// Output text built as UTF-8 bytes, for the NDJSON hot path: appending a literal is a copy,
/// a number is written straight from the standard library's digit buffer, and no `String` is
/// made per line or per number.
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

    /// Called by the standard library's number printing (`Double.write(to:)`) with ASCII digits,
    /// which lands them here without a `String` in between. Should the hook ever go away, the
    /// default implementation calls `write(_:)` instead: slower, same text.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
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
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// A JSON number: whole numbers below 10^15 as integers, others in Swift's shortest
    /// round-trip form; `null` when absent or not finite (JSON has no NaN or infinity).
    mutating func appendJSONNumber(_ value: Double?) {
        guard let value, value.isFinite else {
            append("null")
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            append(Int64(value))
        } else {
            value.write(to: &self)
        }
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
