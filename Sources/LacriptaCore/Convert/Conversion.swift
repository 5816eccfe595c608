import Foundation

/// The arithmetic of `convert`, pure: each unit's value in one pivot currency in, the sum in the
/// target unit out, in `Decimal` so the digits typed and the rates quoted are carried exactly (the
/// only rounding is the final division's, at 38 significant digits).
public enum Conversion {
    /// The sum of `expression`'s terms in its target, given `values`: the worth of one of each
    /// unit in a common pivot currency (the pivot itself worth 1). Nil when a unit has no value
    /// or the target is worth nothing.
    public static func evaluate(_ expression: ConversionExpression, values: [String: Decimal]) -> Decimal? {
        var total = Decimal(0)
        for term in expression.terms {
            guard let value = values[term.unit] else { return nil }
            total += term.amount * value
        }
        guard let target = values[expression.target], target != 0 else { return nil }
        return total / target
    }

    /// The exact decimal a quoted price stands for: its shortest round-tripping text (`90176.22`,
    /// not the binary double's 90176.220000000001…).
    public static func decimal(_ price: Double) -> Decimal? {
        guard price.isFinite else { return nil }
        return Decimal(string: "\(price)", locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `value` rounded for reading in `unit`: a currency to its minor units (cents, whole yen); a
    /// coin to 8 decimals (a satoshi), or for amounts under 0.0001 to 4 significant digits.
    public static func rounded(_ value: Decimal, unit: String) -> Decimal {
        var places = FiatCurrency.digits[unit] ?? 8
        if FiatCurrency.digits[unit] == nil, value != 0, abs(value) < Decimal(string: "0.0001", locale: nil) ?? 0 {
            var magnitude = abs(value)
            var leadingZeros = 0
            while magnitude < 1, leadingZeros < 30 {
                magnitude *= 10
                leadingZeros += 1
            }
            places = leadingZeros + 3
        }
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, places, .plain)
        return output
    }

    /// `value` as plain digits with a `.` (no grouping, no exponent): what `--json` carries.
    public static func text(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }

    /// `value` for a reader in `unit`: rounded, grouped in thousands (`45,088.11`), a currency
    /// with all its minor digits, a coin without trailing zeros.
    public static func display(_ value: Decimal, unit: String) -> String {
        let rounded = rounded(value, unit: unit)
        var text = text(rounded)
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        var parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        if let digits = FiatCurrency.digits[unit], digits > 0 {
            let fraction = parts.count > 1 ? parts[1] : ""
            parts = [parts[0], fraction + String(repeating: "0", count: max(0, digits - fraction.count))]
        }
        var whole = ""
        for (index, character) in parts[0].reversed().enumerated() {
            if index > 0, index % 3 == 0 { whole.append(",") }
            whole.append(character)
        }
        let grouped = String(whole.reversed())
        return (negative ? "-" : "") + grouped + (parts.count > 1 && !parts[1].isEmpty ? "." + parts[1] : "")
    }
}
