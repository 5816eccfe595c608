/// A finite decimal number as a digit string plus the position of the decimal point.
///
/// Formatting goes through this instead of `String(format:)` or `NumberFormatter` so output does
/// not depend on the machine's locale, and so rounding is decided on the decimal digits a person
/// sees: it starts from Swift's shortest round-trip representation ("1.005", not the binary
/// 1.00499999…) and rounds half away from zero.
struct DecimalDigits: Hashable {
    /// Significant digits (0–9), no leading or trailing zeros; empty means zero.
    private(set) var digits: [UInt8]
    /// Where the point goes: the value is 0.d₁d₂… × 10^pointPosition (so 123 has 3, 0.05 has -1).
    private(set) var pointPosition: Int

    /// Reads the magnitude of `value`; `nil` for NaN and infinities.
    init?(magnitudeOf value: Double) {
        guard value.isFinite else { return nil }
        // Shortest round-trip form: "60000.0", "0.2191", "1.028e-05", "1e+16".
        let text = value.magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts.first ?? "0"
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = pieces.first ?? ""
        let fractionPart = pieces.count == 2 ? pieces[1] : ""
        self.init(
            digits: (integerPart + fractionPart).compactMap { $0.wholeNumberValue.map(UInt8.init) },
            pointPosition: integerPart.count + exponent
        )
    }

    /// Normalises raw digits: leading zeros move the point, trailing zeros are dropped.
    private init(digits raw: [UInt8], pointPosition: Int) {
        var digits = raw[...]
        var point = pointPosition
        while digits.first == 0 {
            digits = digits.dropFirst()
            point -= 1
        }
        while digits.last == 0 { digits = digits.dropLast() }
        self.digits = Array(digits)
        self.pointPosition = digits.isEmpty ? 0 : point
    }

    /// True when the number is zero.
    var isZero: Bool { digits.isEmpty }

    /// True when the magnitude is at least 1.
    var isAtLeastOne: Bool { !isZero && pointPosition >= 1 }

    /// Rounded half away from zero to `count` fraction digits.
    func rounded(fractionDigits count: Int) -> DecimalDigits {
        rounded(keeping: pointPosition + count)
    }

    /// Rounded half away from zero to `count` significant digits.
    func rounded(significantDigits count: Int) -> DecimalDigits {
        rounded(keeping: count)
    }

    /// The number divided by 10^power (exact: only the point moves).
    func shifted(byPowerOfTen power: Int) -> DecimalDigits {
        isZero ? self : DecimalDigits(digits: digits, pointPosition: pointPosition - power)
    }

    /// Keeps the first `keep` digits and rounds on the next one.
    private func rounded(keeping keep: Int) -> DecimalDigits {
        guard keep < digits.count else { return self }
        guard keep >= 0 else { return DecimalDigits(digits: [], pointPosition: 0) }
        var kept = Array(digits[..<keep])
        var point = pointPosition
        if digits[keep] >= 5 {
            var index = kept.count - 1
            while index >= 0, kept[index] == 9 {
                kept[index] = 0
                index -= 1
            }
            if index >= 0 {
                kept[index] += 1
            } else {
                kept.insert(1, at: 0)  // 999.5 → 1000: the carry adds a digit in front
                point += 1
            }
        }
        return DecimalDigits(digits: kept, pointPosition: point)
    }

    /// The magnitude in scientific notation with `significantDigits` digits (at least one), rounded
    /// half away from zero: "1.23e20", "1.70e308". For magnitudes that written out would be wider
    /// than any column (a hostile 1e20 is 27 digits with its commas).
    func scientific(significantDigits: Int) -> String {
        let count = max(1, significantDigits)
        let rounded = rounded(significantDigits: count)
        guard !rounded.isZero else { return "0" }
        let exponent = rounded.pointPosition - 1
        return rounded.shifted(byPowerOfTen: exponent).formatted(fractionDigits: count - 1, grouping: false) + "e\(exponent)"
    }

    /// The magnitude written out with exactly `fractionDigits` digits after ".", and "," between
    /// thousands when `grouping`. Round first: extra digits are cut, not rounded.
    func formatted(fractionDigits: Int, grouping: Bool = true) -> String {
        let integerDigits = pointPosition > 0 ? (0..<pointPosition).map(digit(at:)) : [0]
        var result = ""
        for (offset, value) in integerDigits.enumerated() {
            let remaining = integerDigits.count - offset
            if grouping, offset > 0, remaining % 3 == 0 { result += "," }
            result += String(value)
        }
        guard fractionDigits > 0 else { return result }
        result += "."
        for offset in 0..<fractionDigits { result += String(digit(at: pointPosition + offset)) }
        return result
    }

    /// The digit at `index` counted from the first significant digit; zero outside the digits.
    private func digit(at index: Int) -> UInt8 {
        index >= 0 && index < digits.count ? digits[index] : 0
    }
}
