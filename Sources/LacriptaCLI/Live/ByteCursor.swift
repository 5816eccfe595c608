import LacriptaCore

/// A write position in bytes reserved ahead by `OutputBytes.appendThroughCursor`: appending a
/// piece is a copy through a pointer, with no capacity or uniqueness check of its own. The
/// reserve is checked in debug builds on every write and, in any build, once the writing ends.
struct ByteCursor: TextOutputStream {
    private let start: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>
    private var position: UnsafeMutablePointer<UInt8>

    /// The most bytes `append(_: Int64)` writes ("-9223372036854775808").
    static let longestInteger = 20
    /// The most bytes `appendJSONNumber` writes ("-1.7976931348623157e+308" is 24; 32 is room).
    static let longestNumber = 32

    /// A cursor at `start`, with `count` bytes of room.
    init(start: UnsafeMutablePointer<UInt8>, count: Int) {
        self.start = start
        end = start + count
        position = start
    }

    /// Bytes written so far.
    var written: Int { position - start }

    /// Where the next byte goes.
    var next: UnsafeMutablePointer<UInt8> { position }

    /// Checks (in debug builds) that `count` bytes from `pointer` lie inside the reserve.
    @inline(__always)
    func assertRoom(from pointer: UnsafeMutablePointer<UInt8>, _ count: Int) {
        assert(pointer >= start && end - pointer >= count, "read past the reserve")
    }

    /// Copies `count` bytes to the cursor. The pieces of a line are short (a key, a number's
    /// digits), and a call to `memmove` for each cost more than the copy: up to 64 bytes go as
    /// words, the last one overlapping the one before, so nothing is read past the source.
    @inline(__always)
    private mutating func copy(_ source: UnsafeRawPointer, _ count: Int) {
        assert(end - position >= count, "write past the reserve")
        let target = UnsafeMutableRawPointer(position)
        if count > 64 {
            target.copyMemory(from: source, byteCount: count)
        } else if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
            let tail = count &- 8
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: tail, as: UInt64.self), toByteOffset: tail, as: UInt64.self)
        } else {
            for offset in 0..<count {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
        position += count
    }

    /// Appends a literal.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        copy(literal.utf8Start, literal.utf8CodeUnitCount)
    }

    /// Appends raw bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        copy(base, bytes.count)
    }

    /// Appends precomputed bytes.
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends `value` in decimal, like `String(value)`.
    mutating func append(_ value: Int64) {
        if value < 0 { append("-") }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var first = buffer.count
            repeat {
                first -= 1
                buffer[first] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude != 0
            append(UnsafeRawBufferPointer(rebasing: buffer[first...]))
        }
    }

    /// A JSON number: whole numbers below 10^15 as integers, others in Swift's shortest
    /// round-trip form; `null` when absent or not finite (JSON has no NaN or infinity).
    ///
    /// `fromWire` says the value was read from a decimal the service sent (a price, a volume):
    /// those usually have at most fifteen significant digits and take `appendShortDecimal`.
    /// Computed values (a change, a percentage) rarely do, and go straight to the standard library.
    mutating func appendJSONNumber(_ value: Double?, fromWire: Bool = false) {
        guard let value, value.isFinite else {
            append("null")
            return
        }
        // Integral when it survives a round trip through Int64 (in range by the first test):
        // two conversions, where `rounded()` is a call into libm.
        if abs(value) < 1e15, Double(Int64(value)) == value {
            append(Int64(value))
        } else if !fromWire || !appendShortDecimal(value) {
            value.write(to: &self)
        }
    }

    /// Writes `value` as Swift's shortest round-trip printing does when it has at most fifteen
    /// significant digits, as prices and volumes from the wire do, and 1e-4 <= |value| < 1e15;
    /// returns false, having written nothing, for anything else. It scales the value to a
    /// fifteen-digit integer and checks that the decimal it spells reads back as exactly `value`
    /// (one exact division: Clinger). Fifteen digits are few enough that two different decimals
    /// of at most fifteen digits never read back as the same double, so the checked one, without
    /// its trailing zeros, is the shortest that round-trips: the very digits the standard library
    /// would find, at a fraction of the cost.
    @inline(__always)
    private mutating func appendShortDecimal(_ value: Double) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= 1e-4, magnitude < 1e15 else { return false }
        // The decimal exponent of the leading digit, 10^exponent <= magnitude < 10^(exponent + 1):
        // estimated from the binary exponent (log10(2) ~ 78913 / 2^18), then corrected by one.
        var exponent = (Int(magnitude.exponent) &* 78913) >> 18
        if magnitude < Self.powerOfTen(exponent) { exponent -= 1 }
        if exponent < 14, magnitude >= Self.powerOfTen(exponent + 1) { exponent += 1 }
        let scale = 14 - exponent
        let scaled = magnitude * Self.powerOfTen(scale)
        guard scaled < 1e15 else { return false }
        var digits = UInt64(scaled + 0.5)
        guard digits < 1_000_000_000_000_000, Double(digits) / Self.powerOfTen(scale) == magnitude else { return false }
        var significant = 15
        while digits % 10 == 0 {
            digits /= 10
            significant -= 1
        }
        // A whole number is printed as one by the caller; the fraction is never empty here.
        guard significant > exponent + 1 else { return false }
        var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let count = withUnsafeMutableBytes(of: &text) { buffer -> Int in
            var length = 0
            func put(_ byte: UInt8) {
                buffer[length] = byte
                length += 1
            }
            if value < 0 { put(UInt8(ascii: "-")) }
            if exponent < 0 {
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "."))
                for _ in 0..<(-exponent - 1) { put(UInt8(ascii: "0")) }
            }
            // The digits go in from the last; the point sits after the first `exponent + 1`.
            let pointAt = exponent >= 0 ? exponent + 1 : -1
            let width = significant + (pointAt >= 0 ? 1 : 0)
            var position = length + width
            var remaining = digits
            for index in stride(from: significant - 1, through: 0, by: -1) {
                position -= 1
                buffer[position] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0")
                remaining /= 10
                if index == pointAt {
                    position -= 1
                    buffer[position] = UInt8(ascii: ".")
                }
            }
            return length + width
        }
        withUnsafeBytes(of: &text) { append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        return true
    }

    /// 10^exponent for -4...22: exact for 0...22 (`ExactPowerOfTen`); the negative ones, which only
    /// bound the exponent search, are the doubles nearest to them, like the literals.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        exponent >= 0 ? ExactPowerOfTen.value(exponent) : 1 / ExactPowerOfTen.value(min(4, -exponent))
    }

    /// Called by the standard library's number printing (`Double.write(to:)`) with ASCII digits,
    /// which lands them here without a `String` in between. Should the hook ever go away, the
    /// default implementation calls `write(_:)` instead: slower, same text.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(buffer))
    }

    /// Appends `string`'s UTF-8 (the stream's general entry; numbers come through `_writeASCII`).
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}
