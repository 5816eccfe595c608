/// A write position in bytes reserved ahead by `OutputBytes.appendThroughCursor`: appending a
/// piece is a copy through a pointer, with no capacity or uniqueness check of its own. The
/// reserve is checked in debug builds on every write and, in any build, once the writing ends.
///
/// The JSON writer's half of `Wire/`, used from LacriptaCLI (`lacripta live --json`) a few dozen
/// times per line: everything on that path is `@inlinable`, since a call across the module
/// boundary per piece would cost more than the piece. Public rather than package for that reason
/// alone: this toolchain (6.3) inlines `@inlinable public` bodies into other modules but leaves
/// `@inlinable package` ones as plain calls (their bodies are not in the module file), which made
/// `lacripta-bench live-lines` about 6% slower.
public struct ByteCursor: TextOutputStream {
    @usableFromInline let start: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: UnsafeMutablePointer<UInt8>
    @usableFromInline var position: UnsafeMutablePointer<UInt8>

    /// The most bytes `append(_: Int64)` writes ("-9223372036854775808"). Computed, not stored:
    /// a stored static would be read through a lazy-initialisation check in the other module.
    @inlinable public static var longestInteger: Int { 20 }
    /// The most bytes `appendJSONNumber` writes ("-1.7976931348623157e+308" is 24; 32 is room).
    @inlinable public static var longestNumber: Int { 32 }

    /// A cursor at `start`, with `count` bytes of room.
    @inlinable
    public init(start: UnsafeMutablePointer<UInt8>, count: Int) {
        self.start = start
        end = start + count
        position = start
    }

    /// Bytes written so far.
    @inlinable public var written: Int { position - start }

    /// Where the next byte goes.
    @inlinable public var next: UnsafeMutablePointer<UInt8> { position }

    /// Checks (in debug builds) that `count` bytes from `pointer` lie inside the reserve.
    @inlinable @inline(__always)
    public func assertRoom(from pointer: UnsafeMutablePointer<UInt8>, _ count: Int) {
        assert(pointer >= start && end - pointer >= count, "read past the reserve")
    }

    /// Copies `count` bytes to the cursor. The pieces of a line are short (a key, a number's
    /// digits), and a call to `memmove` for each cost more than the copy: up to 64 bytes go as
    /// words, the last one overlapping the one before, so nothing is read past the source.
    @inlinable @inline(__always)
    mutating func copy(_ source: UnsafeRawPointer, _ count: Int) {
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

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(byte: UInt8) {
        assert(end - position >= 1, "write past the reserve")
        position.pointee = byte
        position += 1
    }

    /// Appends a literal.
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        copy(literal.utf8Start, literal.utf8CodeUnitCount)
    }

    /// Appends raw bytes.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        copy(base, bytes.count)
    }

    /// Appends precomputed bytes.
    @inlinable
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends `value` in decimal, like `String(value)`. Up to sixteen digits (every timestamp,
    /// flag and whole price) go as two words from `eightDigits`, from the first digit that is not
    /// a leading zero; longer ones digit by digit.
    @inlinable
    public mutating func append(_ value: Int64) {
        if value >= 0, value < 10 {
            // FLAGS of every update: one digit.
            append(byte: UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
            return
        }
        if value < 0 { append("-") }
        let magnitude = value.magnitude
        guard magnitude < 10_000_000_000_000_000 else {
            appendDigitByDigit(magnitude)
            return
        }
        var text = (Self.eightDigits(magnitude / 100_000_000), Self.eightDigits(magnitude % 100_000_000))
        // Leading zeros are zero bytes once the digits are turned back into values (the first
        // digit is the lowest byte); the last digit is always written.
        let high = UInt64(littleEndian: text.0) ^ 0x3030_3030_3030_3030
        let low = UInt64(littleEndian: text.1) ^ 0x3030_3030_3030_3030
        let zeros = high != 0 ? high.trailingZeroBitCount >> 3 : 8 + min(7, low.trailingZeroBitCount >> 3)
        withUnsafeBytes(of: &text) { copy($0.baseAddress.unsafelyUnwrapped + zeros, 16 &- zeros) }
    }

    /// Appends `magnitude` in decimal, one digit at a time (past sixteen digits: rare, so a call).
    @usableFromInline
    mutating func appendDigitByDigit(_ magnitude: UInt64) {
        var magnitude = magnitude
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
    @inlinable
    public mutating func appendJSONNumber(_ value: Double?, fromWire: Bool = false) {
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
    @inlinable @inline(__always)
    mutating func appendShortDecimal(_ value: Double) -> Bool {
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
        let digits = UInt64(scaled + 0.5)
        guard digits < 1_000_000_000_000_000, Double(digits) / Self.powerOfTen(scale) == magnitude else { return false }
        var significant = 15
        var stripped = digits
        while stripped % 10 == 0 {
            stripped /= 10
            significant -= 1
        }
        // A whole number is printed as one by the caller; the fraction is never empty here.
        guard significant > exponent + 1 else { return false }
        // The fifteen digits as text, two words of eight: a zero, then the digits in order.
        var text = (Self.eightDigits(digits / 100_000_000), Self.eightDigits(digits % 100_000_000))
        withUnsafeBytes(of: &text) { raw in
            let digits = raw.baseAddress.unsafelyUnwrapped + 1
            if value < 0 { append("-") }
            if exponent >= 0 {
                // The point sits after the first `exponent + 1` digits.
                copy(digits, exponent &+ 1)
                append(".")
                copy(digits + (exponent &+ 1), significant &- exponent &- 1)
            } else {
                switch exponent {
                case -1: append("0.")
                case -2: append("0.0")
                case -3: append("0.00")
                default: append("0.000")
                }
                copy(digits, significant)
            }
        }
        return true
    }

    /// The eight decimal digits of `value` (below 10^8, zero-padded) as ASCII, the first digit in
    /// the lowest byte: the two halves of four digits, then their pairs, then single digits are
    /// split in parallel lanes of one word, by multiplying with reciprocals instead of dividing
    /// digit by digit.
    @inlinable @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        // Lanes of 32 bits: abcd | efgh.
        let halves = (value / 10_000) | ((value % 10_000) << 32)
        // Lanes of 16 bits: ab | cd | ef | gh  (x * 10486 >> 20 is x / 100 for x < 10^4).
        let hundreds = ((halves &* 10_486) >> 20) & 0x0000_007F_0000_007F
        let pairs = ((halves &- hundreds &* 100) << 16) &+ hundreds
        // Lanes of 8 bits: a | b | ... | h  (x * 103 >> 10 is x / 10 for x < 100).
        let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F
        let units = (pairs &- tens &* 10) << 8
        return UInt64(littleEndian: (tens &+ units) | 0x3030_3030_3030_3030)
    }

    /// 10^exponent for -4...22: exact for 0...22 (`ExactPowerOfTen`); the negative ones, which only
    /// bound the exponent search, are the doubles nearest to them, like the literals.
    @inlinable @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        exponent >= 0 ? ExactPowerOfTen.value(exponent) : 1 / ExactPowerOfTen.value(min(4, -exponent))
    }

    /// Called by the standard library's number printing (`Double.write(to:)`) with ASCII digits,
    /// which lands them here without a `String` in between. Should the hook ever go away, the
    /// default implementation calls `write(_:)` instead: slower, same text.
    @inlinable
    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(buffer))
    }

    /// Appends `string`'s UTF-8 (the stream's general entry; numbers come through `_writeASCII`).
    @inlinable
    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}
