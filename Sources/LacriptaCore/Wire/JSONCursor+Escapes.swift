/// The slow path of string reading: strings that contain backslash escapes.
extension JSONCursor {
    /// Decodes a string that has an escape; `start` is the first byte after the opening quote and
    /// `offset` sits on the first backslash.
    mutating func readEscapedString(from start: Int) throws(JSONReadFailure) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(offset &- start &+ 16)
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: offset &- start))
        while offset < count {
            let byte = base[offset]
            if byte == Self.quote {
                offset &+= 1
                return String(decoding: bytes, as: UTF8.self)
            }
            guard byte == Self.backslash else {
                bytes.append(byte)
                offset &+= 1
                continue
            }
            let escapeOffset = offset
            guard offset &+ 1 < count else { throw .truncated }
            let escaped = base[offset &+ 1]
            offset &+= 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try readUnicodeEscape(escapeOffset: escapeOffset)
                appendUTF8(scalar, to: &bytes)
            default:
                throw .invalidEscape(offset: escapeOffset)
            }
        }
        throw .truncated
    }

    /// Reads the four hex digits after `\u` (and a following low surrogate escape when the first is
    /// a high surrogate). Lone surrogates become U+FFFD rather than failing the whole message.
    private mutating func readUnicodeEscape(escapeOffset: Int) throws(JSONReadFailure) -> Unicode.Scalar {
        let first = try readHex4(escapeOffset: escapeOffset)
        let replacement: Unicode.Scalar = "\u{FFFD}"
        if (0xD800...0xDBFF).contains(first) {
            guard offset &+ 1 < count, base[offset] == Self.backslash, base[offset &+ 1] == UInt8(ascii: "u") else {
                return replacement
            }
            let save = offset
            offset &+= 2
            let second = try readHex4(escapeOffset: save)
            guard (0xDC00...0xDFFF).contains(second) else {
                offset = save
                return replacement
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return Unicode.Scalar(value) ?? replacement
        }
        return Unicode.Scalar(first) ?? replacement
    }

    private mutating func readHex4(escapeOffset: Int) throws(JSONReadFailure) -> UInt32 {
        guard offset &+ 4 <= count else { throw .truncated }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw .invalidEscape(offset: escapeOffset)
            }
            value = value << 4 | UInt32(digit)
            offset &+= 1
        }
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        UTF8.encode(scalar) { bytes.append($0) }
    }
}
