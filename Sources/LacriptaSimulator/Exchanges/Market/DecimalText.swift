import Foundation

/// A decimal number held as whole units of `10^-decimals`, so the text an exchange feed sends is
/// exact and the log can repeat it character for character (no binary rounding in between).
struct DecimalText: Sendable, Hashable {
    /// The value in units of the last decimal place.
    var units: Int64
    /// Digits after the point.
    var decimals: Int

    /// `value` rounded to `decimals` places with `rule`.
    init(_ value: Double, decimals: Int, rule: FloatingPointRoundingRule = .toNearestOrEven) {
        self.decimals = decimals
        units = Int64((value * Self.scale(decimals)).rounded(rule))
    }

    /// Units at a scale.
    init(units: Int64, decimals: Int) {
        self.units = units
        self.decimals = decimals
    }

    /// The nearest `Double`.
    var value: Double { Double(units) / Self.scale(decimals) }

    /// Every decimal written out: `17165.10`, `0.01000000` (Coinbase's and Bitstamp's strings,
    /// Kraken's `115113.0`).
    var text: String {
        let digits = String(units.magnitude)
        let sign = units < 0 ? "-" : ""
        guard decimals > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return sign + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }

    /// Trailing zeros (and a bare point) left out: `86697`, `14.3495`, as a JavaScript or
    /// Python server prints a float.
    var shortText: String {
        var text = text
        guard decimals > 0 else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// `10^decimals`.
    static func scale(_ decimals: Int) -> Double {
        pow(10, Double(decimals))
    }

    /// How many decimals a price near `price` gets for `significant` digits, within `range`:
    /// 100000 at 6 digits is 0 (then at least `range.lowerBound`), 0.17 at 6 digits is 6.
    static func decimals(for price: Double, significant: Int, range: ClosedRange<Int>) -> Int {
        guard price > 0, price.isFinite else { return range.lowerBound }
        let exponent = Int(log10(price).rounded(.down))
        return min(max(significant - 1 - exponent, range.lowerBound), range.upperBound)
    }
}
