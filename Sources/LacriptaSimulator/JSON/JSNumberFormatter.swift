/// Prints a `Double` exactly as JavaScript's `Number.prototype.toString` does, which is how
/// min-api writes its JSON numbers.
///
/// Examples: `19698100` (no `.0`), `0.0000102751275982814`, `-3.11e-8`, `609875100279331000000`,
/// `1e+21`. Swift's own `description` differs (`1e-05`, `100.0`), so we take its shortest
/// round-trip digits and lay them out with the ECMAScript rules (ECMA-262 Number::toString).
///
/// Works on the ASCII bytes of `description`, not on `Character`s: the flood mode of the streamer
/// prints some 80,000 numbers before its first frame, and grapheme-by-grapheme string surgery made
/// that a noticeable pause at the start of every benchmark run.
public enum JSNumberFormatter {
    /// The JavaScript text for `value`; non-finite values become `null`, as `JSON.stringify` does.
    public static func string(from value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        var output: [UInt8] = []
        output.reserveCapacity(32)
        if value < 0 { output.append(UInt8(ascii: "-")) }
        let (digits, exponent) = shortestDigits(of: value.magnitude)
        layout(digits: digits, pointPosition: exponent, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Shortest round-trip decimal digits `d1…dk` (ASCII) and `n` such that the value is
    /// `0.d1…dk × 10^n`.
    private static func shortestDigits(of magnitude: Double) -> (digits: [UInt8], n: Int) {
        let text = Array(magnitude.description.utf8)
        let exponentAt = text.firstIndex(of: UInt8(ascii: "e")) ?? text.endIndex
        let mantissa = text[..<exponentAt]
        let exponent = exponentAt < text.endIndex ? Int(String(decoding: text[(exponentAt + 1)...], as: UTF8.self)) ?? 0 : 0
        let pointIndex = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        var digits = mantissa.filter { $0 != UInt8(ascii: ".") }
        var n = (pointIndex - mantissa.startIndex) + exponent
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        n -= leadingZeros
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (digits, n)
    }

    /// Applies the ECMAScript layout for `k` digits with the decimal point after position `n`.
    private static func layout(digits: [UInt8], pointPosition n: Int, into output: inout [UInt8]) {
        let k = digits.count
        let zero = UInt8(ascii: "0")
        if k <= n && n <= 21 {
            output += digits
            output += repeatElement(zero, count: n - k)
        } else if 0 < n && n <= 21 {
            output += digits[..<n]
            output.append(UInt8(ascii: "."))
            output += digits[n...]
        } else if -6 < n && n <= 0 {
            output += [zero, UInt8(ascii: ".")]
            output += repeatElement(zero, count: -n)
            output += digits
        } else {
            output.append(digits[0])
            if k > 1 {
                output.append(UInt8(ascii: "."))
                output += digits[1...]
            }
            let e = n - 1
            output += Array((e < 0 ? "e-\(-e)" : "e+\(e)").utf8)
        }
    }
}
