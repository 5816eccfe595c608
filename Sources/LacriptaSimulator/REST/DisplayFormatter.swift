import Foundation

/// Formats numbers the way min-api's DISPLAY blocks do (reference §1.6), so converted toplists
/// carry DISPLAY strings in the requested currency. Checked against the recorded USD blocks.
enum DisplayFormatter {
    /// Which rule a DISPLAY field follows.
    enum Kind {
        /// Prices and volumes: ≥ 10000 one decimal, ≥ 1 two, < 1 four significant digits.
        case price
        /// CHANGE24HOUR/DAY/HOUR: ≥ 1 two decimals, < 1 two significant digits, 0 → `0.0`.
        case change
        /// Market caps and totals: K/M/B with two decimals, never T.
        case abbreviated
    }

    /// `"<sign> <value>"` for `value` under `kind`.
    static func format(_ value: Double, sign: String, kind: Kind) -> String {
        "\(sign) \(number(value, kind: kind))"
    }

    private static func number(_ value: Double, kind: Kind) -> String {
        let magnitude = value.magnitude
        switch kind {
        case .price:
            if magnitude == 0 { return "0" }
            if magnitude >= 10000 { return grouped(value, decimals: 1) }
            if magnitude >= 1 { return grouped(value, decimals: 2) }
            return grouped(value, decimals: significantDecimals(magnitude, digits: 4))
        case .change:
            if magnitude == 0 { return "0.0" }
            if magnitude >= 1 { return grouped(value, decimals: 2) }
            return grouped(value, decimals: significantDecimals(magnitude, digits: 2))
        case .abbreviated:
            for (threshold, suffix) in [(1e9, "B"), (1e6, "M"), (1e3, "K")] where magnitude >= threshold {
                return grouped(value / threshold, decimals: 2) + " " + suffix
            }
            return grouped(value, decimals: 2)
        }
    }

    /// Decimals that show `digits` significant digits of a magnitude below 1.
    private static func significantDecimals(_ magnitude: Double, digits: Int) -> Int {
        let leading = Int(floor(log10(magnitude)))
        return min(20, max(0, digits - 1 - leading))
    }

    /// Fixed decimals with `,` thousands separators, e.g. `-1,196.62`.
    private static func grouped(_ value: Double, decimals: Int) -> String {
        let fixed = String(format: "%.\(decimals)f", value)
        let negative = fixed.hasPrefix("-")
        let unsigned = negative ? String(fixed.dropFirst()) : fixed
        let parts = unsigned.split(separator: ".", maxSplits: 1)
        let integer = Array(parts.first ?? "0")
        var groupedInteger = ""
        for (index, digit) in integer.enumerated() {
            if index > 0 && (integer.count - index) % 3 == 0 { groupedInteger.append(",") }
            groupedInteger.append(digit)
        }
        let fraction = parts.count > 1 ? "." + parts[1] : ""
        return (negative ? "-" : "") + groupedInteger + fraction
    }
}
