/// Prints a `Double` exactly as JavaScript's `Number.prototype.toString` does, which is how
/// min-api writes its JSON numbers.
///
/// Examples: `19698100` (no `.0`), `0.0000102751275982814`, `-3.11e-8`, `609875100279331000000`,
/// `1e+21`. Swift's own `description` differs (`1e-05`, `100.0`), so we take its shortest
/// round-trip digits and lay them out with the ECMAScript rules (ECMA-262 Number::toString).
public enum JSNumberFormatter {
    /// The JavaScript text for `value`; non-finite values become `null`, as `JSON.stringify` does.
    public static func string(from value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        let (digits, exponent) = shortestDigits(of: value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + layout(digits: digits, pointPosition: exponent)
    }

    /// Shortest round-trip decimal digits `d1…dk` and `n` such that the value is `0.d1…dk × 10^n`.
    private static func shortestDigits(of magnitude: Double) -> (digits: [Character], n: Int) {
        let text = magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts.first.map(String.init) ?? text
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pointIndex = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
        let integerCount = mantissa.distance(from: mantissa.startIndex, to: pointIndex)
        var digits = Array(mantissa.filter { $0 != "." })
        var n = integerCount + exponent
        while digits.first == "0" {
            digits.removeFirst()
            n -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (digits, n)
    }

    /// Applies the ECMAScript layout for `k` digits with the decimal point after position `n`.
    private static func layout(digits: [Character], pointPosition n: Int) -> String {
        let k = digits.count
        let all = String(digits)
        if k <= n && n <= 21 {
            return all + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            return String(digits[..<n]) + "." + String(digits[n...])
        }
        if -6 < n && n <= 0 {
            return "0." + String(repeating: "0", count: -n) + all
        }
        let e = n - 1
        let exponentText = e < 0 ? "e-\(-e)" : "e+\(e)"
        if k == 1 { return all + exponentText }
        return String(digits[0]) + "." + String(digits[1...]) + exponentText
    }
}
