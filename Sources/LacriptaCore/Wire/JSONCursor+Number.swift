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
    mutating func readNumber() throws(JSONReadFailure) -> JSONNumber {
        let (number, end) = try Self.parseNumber(base, start: offset, limit: count)
        offset = end
        return number
    }

    /// Parses a number that must fill `span` exactly, as in `"FLAGS":"2050"`.
    func number(filling span: Range<Int>) throws(JSONReadFailure) -> JSONNumber {
        guard !span.isEmpty else { throw .invalidNumber(offset: span.lowerBound) }
        let (number, end) = try Self.parseNumber(base, start: span.lowerBound, limit: span.upperBound)
        guard end == span.upperBound else { throw .invalidNumber(offset: span.lowerBound) }
        return number
    }

    /// Parses the number starting at `start`, reading no byte at or past `limit`; returns it and the
    /// offset just past it.
    static func parseNumber(_ base: UnsafePointer<UInt8>, start: Int, limit: Int) throws(JSONReadFailure) -> (JSONNumber, Int) {
        if let common = parseCommonNumber(base, start: start, limit: limit) { return common }
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
            let magnitude = exponent < 0 ? scaled / ExactPowerOfTen.value(-exponent) : scaled * ExactPowerOfTen.value(exponent)
            value = negative ? -magnitude : magnitude
        } else {
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index &- start), as: UTF8.self)
            guard let parsed = Double(text) else { throw .invalidNumber(offset: start) }
            value = parsed
        }
        return (JSONNumber(value: value, integer: integer), index)
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
    static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Whether every byte of `word` is an ASCII digit.
    @inline(__always)
    private static func areEightDigits(_ word: UInt64) -> Bool {
        nonDigitBits(word) == 0
    }

    /// The shape nearly every streamer figure has, read with whole-word steps: an optional minus,
    /// one to seven integer digits without a leading zero, an optional fraction of up to sixteen
    /// digits, no exponent, at most nineteen digits in all, and a value Clinger's fast path
    /// rounds exactly. Returns `nil` for anything else (or with fewer than 32 bytes left), which
    /// the general loop then reads, so the two agree by construction on what they both accept.
    @inline(__always)
    private static func parseCommonNumber(_ base: UnsafePointer<UInt8>, start: Int, limit: Int) -> (JSONNumber, Int)? {
        guard start &+ 32 <= limit else { return nil }
        var index = start
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        let integerWord = word(at: base + index)
        let integerStops = nonDigitBits(integerWord)
        // Eight or more integer digits, or none: the general loop.
        guard integerStops != 0 else { return nil }
        let integerCount = integerStops.trailingZeroBitCount &>> 3
        guard integerCount > 0, integerCount == 1 || base[index] != UInt8(ascii: "0") else { return nil }
        var mantissa = digitsValue(integerWord, count: integerCount)
        var digitCount = integerCount
        index &+= integerCount
        var isInteger = true
        if base[index] == UInt8(ascii: ".") {
            isInteger = false
            index &+= 1
            for _ in 0..<2 {
                let fractionWord = word(at: base + index)
                let stops = nonDigitBits(fractionWord)
                let count = stops == 0 ? 8 : stops.trailingZeroBitCount &>> 3
                if count == 0 { break }
                mantissa = mantissa &* powerOfTen(count) &+ digitsValue(fractionWord, count: count)
                digitCount &+= count
                index &+= count
                if count < 8 { break }
            }
            // "1." (no fraction digit), or more than sixteen of them: the general loop decides.
            guard digitCount > integerCount, base[index] &- UInt8(ascii: "0") >= 10 else { return nil }
        }
        guard (base[index] | 0x20) != UInt8(ascii: "e"), digitCount <= 19 else { return nil }
        let exponent = integerCount &- digitCount
        guard mantissa <= 1 << 53, exponent >= -22 else { return nil }
        var value = exponent == 0 ? Double(mantissa) : Double(mantissa) / ExactPowerOfTen.value(-exponent)
        if negative { value = -value }
        let integer: Int64? = isInteger ? (negative ? -Int64(mantissa) : Int64(mantissa)) : nil
        return (JSONNumber(value: value, integer: integer), index)
    }

    /// The number the first `count` (1...8) bytes of `word` spell as ASCII digits; the bytes
    /// after them are ignored.
    @inline(__always)
    private static func digitsValue(_ word: UInt64, count: Int) -> UInt64 {
        // Shifted up, the digits become the last `count` of eight and the bytes before them zero
        // digits; whatever followed them is shifted out.
        combineDigits((word &- 0x3030_3030_3030_3030) << UInt64((8 &- count) &* 8))
    }

    /// 10^count for 1...8, as an integer.
    @inline(__always)
    private static func powerOfTen(_ count: Int) -> UInt64 {
        switch count {
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// Eight digit values (0...9, one a byte, the first in the lowest byte) as one number: pairs,
    /// then quads, then the eight, in three multiplies.
    @inline(__always)
    private static func combineDigits(_ digits: UInt64) -> UInt64 {
        let value = (digits &* 10) &+ (digits >> 8)
        return
            (((value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32)))
            &+ (((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32)))) >> 32
    }

    /// Eight ASCII digits at `pointer` as a number, or `nil` if any of the eight is not a digit
    /// (SWAR: one load, a validity test and three multiplies instead of eight loop turns).
    @inline(__always)
    private static func eightDigits(_ pointer: UnsafePointer<UInt8>) -> EightDigits? {
        let word = word(at: pointer)
        guard areEightDigits(word) else { return nil }
        let digits = word &- 0x3030_3030_3030_3030
        return EightDigits(value: combineDigits(digits), digits: digits)
    }
}
