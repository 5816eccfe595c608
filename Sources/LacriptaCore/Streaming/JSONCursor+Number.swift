/// Eight parsed digits and their raw byte values (each 0...9), for counting leading zeros.
struct EightDigits {
    var value: UInt64
    var digits: UInt64

    /// How many of the eight digits count as significant: all of them, unless the mantissa was
    /// still zero, in which case leading zeros do not count.
    @inline(__always)
    func digitsAfterLeadingZeros(ifMantissaWasZero wasZero: Bool) -> Int {
        guard wasZero else { return 8 }
        // The first digit is the lowest byte; leading zero digits are zero bytes at the bottom.
        return 8 &- (digits.trailingZeroBitCount >> 3)
    }
}

/// A JSON number as read: its `Double` value and, for an integer that fits, the exact `Int64`.
struct JSONNumber: Equatable {
    var value: Double
    var integer: Int64?

    /// The number as an integer: exact when it was written as one, otherwise when the double is
    /// integral (`1.0`, `1e3`) and in range.
    var int64: Int64? {
        if let integer { return integer }
        guard value.isFinite, value == value.rounded(.towardZero), abs(value) < 9.2e18 else { return nil }
        return Int64(value)
    }
}

/// Number reading without building a `String` on the common path.
///
/// Digits are accumulated into a `UInt64` mantissa and a decimal exponent while validating the JSON
/// grammar (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`, leading zeros tolerated). When the mantissa is at
/// most 2^53 and the exponent within ±22, one IEEE multiply or divide by an exact power of ten gives
/// the correctly rounded result (Clinger's fast path); that covers prices and volumes with up to
/// about 16 significant digits. Anything else (17+ digits, huge exponents) goes to the standard
/// library's correctly rounded, locale-independent `Double(String)`, which allocates only then.
extension JSONCursor {
    /// Reads the number at `offset`.
    @inline(__always)
    mutating func readNumber() throws(StreamerParseFailure) -> JSONNumber {
        let (number, end) = try Self.parseNumber(base, start: offset, limit: count)
        offset = end
        return number
    }

    /// Parses a number that must fill `span` exactly, as in `"FLAGS":"2050"`.
    func number(filling span: Range<Int>) throws(StreamerParseFailure) -> JSONNumber {
        guard !span.isEmpty else { throw .invalidNumber(offset: span.lowerBound) }
        let (number, end) = try Self.parseNumber(base, start: span.lowerBound, limit: span.upperBound)
        guard end == span.upperBound else { throw .invalidNumber(offset: span.lowerBound) }
        return number
    }

    /// Parses the number starting at `start`, reading no byte at or past `limit`; returns it and the
    /// offset just past it.
    static func parseNumber(_ base: UnsafePointer<UInt8>, start: Int, limit: Int) throws(StreamerParseFailure) -> (JSONNumber, Int) {
        var index = start
        var negative = false
        if index < limit && base[index] == UInt8(ascii: "-") {
            negative = true
            index &+= 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        // Set when a nonzero digit beyond the 19 that fit in the mantissa was dropped.
        var inexact = false
        var isInteger = true

        let integerStart = index
        // Eight digits at a time while they fit the mantissa; the byte loops below finish up.
        while significantDigits <= 11, index &+ 8 <= limit, let chunk = eightDigits(base + index) {
            mantissa = mantissa &* 100_000_000 &+ chunk.value
            significantDigits = mantissa == 0 ? 0 : significantDigits &+ chunk.digitsAfterLeadingZeros(ifMantissaWasZero: significantDigits == 0)
            index &+= 8
        }
        while index < limit {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if mantissa != 0 { significantDigits &+= 1 }
            } else {
                exponent &+= 1
                if digit != 0 { inexact = true }
            }
            index &+= 1
        }
        guard index > integerStart else { throw index < limit ? .invalidNumber(offset: start) : .truncated }

        if index < limit && base[index] == UInt8(ascii: ".") {
            isInteger = false
            index &+= 1
            let fractionStart = index
            while significantDigits <= 11, index &+ 8 <= limit, let chunk = eightDigits(base + index) {
                mantissa = mantissa &* 100_000_000 &+ chunk.value
                significantDigits = mantissa == 0 ? 0 : significantDigits &+ chunk.digitsAfterLeadingZeros(ifMantissaWasZero: significantDigits == 0)
                exponent &-= 8
                index &+= 8
            }
            while index < limit {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa != 0 { significantDigits &+= 1 }
                    exponent &-= 1
                } else if digit != 0 {
                    inexact = true
                }
                index &+= 1
            }
            guard index > fractionStart else { throw index < limit ? .invalidNumber(offset: start) : .truncated }
        }

        if index < limit && (base[index] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            index &+= 1
            var exponentNegative = false
            if index < limit && (base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+")) {
                exponentNegative = base[index] == UInt8(ascii: "-")
                index &+= 1
            }
            let exponentStart = index
            var written = 0
            while index < limit {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Clamp: anything this large is ±infinity or zero anyway, and must not overflow.
                if written < 100_000 { written = written &* 10 &+ Int(digit) }
                index &+= 1
            }
            guard index > exponentStart else { throw index < limit ? .invalidNumber(offset: start) : .truncated }
            exponent &+= exponentNegative ? -written : written
        }

        var integer: Int64?
        if isInteger && exponent == 0 && mantissa <= UInt64(Int64.max) {
            integer = negative ? -Int64(mantissa) : Int64(mantissa)
        }

        let value: Double
        if mantissa == 0 {
            value = negative ? -0.0 : 0.0
        } else if !inexact && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            let scaled = Double(mantissa)
            let magnitude = exponent < 0 ? scaled / exactPowerOfTen(-exponent) : scaled * exactPowerOfTen(exponent)
            value = negative ? -magnitude : magnitude
        } else {
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index &- start), as: UTF8.self)
            guard let parsed = Double(text) else { throw .invalidNumber(offset: start) }
            value = parsed
        }
        return (JSONNumber(value: value, integer: integer), index)
    }

    /// Steps over the number at `offset`, checking the same grammar as `readNumber` but computing
    /// no value: figures nobody asked for (see `StreamerParser.init(fields:expecting:)`) and unknown keys
    /// cost a scan of their digits, not a conversion.
    mutating func skipNumber() throws(StreamerParseFailure) {
        let start = offset
        if offset < count && base[offset] == UInt8(ascii: "-") { offset &+= 1 }
        try skipDigits(numberStart: start)
        if offset < count && base[offset] == UInt8(ascii: ".") {
            offset &+= 1
            try skipDigits(numberStart: start)
        }
        if offset < count && (base[offset] | 0x20) == UInt8(ascii: "e") {
            offset &+= 1
            if offset < count && (base[offset] == UInt8(ascii: "-") || base[offset] == UInt8(ascii: "+")) { offset &+= 1 }
            try skipDigits(numberStart: start)
        }
    }

    /// Steps over one or more digits of the number that began at `numberStart`, eight bytes a
    /// step: the first byte that is not a digit is found in a word at once, not by a byte loop.
    @inline(__always)
    private mutating func skipDigits(numberStart: Int) throws(StreamerParseFailure) {
        let first = offset
        var stopped = false
        while offset &+ 8 <= count {
            let stops = Self.nonDigitBits(Self.word(at: base + offset))
            if stops != 0 {
                offset &+= stops.trailingZeroBitCount &>> 3
                stopped = true
                break
            }
            offset &+= 8
        }
        if !stopped {
            while offset < count, base[offset] &- UInt8(ascii: "0") < 10 { offset &+= 1 }
        }
        guard offset > first else { throw offset < count ? .invalidNumber(offset: numberStart) : .truncated }
    }

    /// The high bit of every byte of `word` that is not an ASCII digit, exactly (no carries cross
    /// bytes: the low seven bits of `byte ^ 0x30` plus 0x76 stay below 0x100).
    @inline(__always)
    static func nonDigitBits(_ word: UInt64) -> UInt64 {
        let offsets = word ^ 0x3030_3030_3030_3030
        // A byte is a digit when `offsets` is below 10 there: then neither the sum reaches 0x80
        // nor is the byte's own high bit set.
        return (((offsets & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | offsets) & 0x8080_8080_8080_8080
    }

    /// The eight bytes at `pointer` as one little-endian word.
    @inline(__always)
    private static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Whether every byte of `word` is an ASCII digit.
    @inline(__always)
    private static func areEightDigits(_ word: UInt64) -> Bool {
        nonDigitBits(word) == 0
    }

    /// Eight ASCII digits at `pointer` as a number, or `nil` if any of the eight is not a digit
    /// (SWAR: one load, a validity test and three multiplies instead of eight loop turns).
    @inline(__always)
    private static func eightDigits(_ pointer: UnsafePointer<UInt8>) -> EightDigits? {
        let word = word(at: pointer)
        guard areEightDigits(word) else { return nil }
        let digits = word &- 0x3030_3030_3030_3030
        // Combine neighbours: pairs, then quads, then the eight (first byte is the most significant).
        var value = (digits &* 10) &+ (digits >> 8)
        value = (((value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32)))
            &+ (((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32)))) >> 32
        return EightDigits(value: value, digits: digits)
    }

    /// 10^exponent for 0...22, all exactly representable as `Double`.
    @inline(__always)
    private static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }
}
