/// Formats large amounts (market cap, volume, supply) compactly: "$1.23T", "456.7B", "89.0M".
///
/// The suffixes are K (10³), M (10⁶), B (10⁹) and T (10¹²). A mantissa under 10 gets two decimals
/// ("1.23T"), otherwise one ("12.3K", "456.7B"), so every value shows 3–4 significant digits.
/// Rounding that reaches 1000 moves up a unit (999,960 is "1.00M", not "1000.0K"); from a thousand
/// trillions on, three significant digits in scientific notation ("1.23e15", "$1.70e308"), so no
/// figure is wider than "-$1.70e308": a hostile volume must not push other columns off the table.
/// Values under 1000 use the same decimal rule without a suffix ("950.0", "5.25"). With a currency
/// the symbol or code is added as `PriceFormatter` does ("$1.23T", "-€4.50B", "12.3K BTC"); NaN and
/// infinity are "—".
public struct CompactNumberFormatter: Sendable, Hashable {
    /// The currency symbol or code, or nil for a bare number (supply, counts).
    private let price: PriceFormatter?

    /// A formatter for amounts in `currency`, or bare numbers when `currency` is `nil`.
    public init(currency: String? = nil) {
        self.price = currency.map(PriceFormatter.init(currency:))
    }

    private static let suffixes = ["", "K", "M", "B", "T"]

    /// `value` in compact form.
    public func string(_ value: Double) -> String {
        guard let magnitude = DecimalDigits(magnitudeOf: value) else { return PriceFormatter.missingValue }
        var unit = magnitude.isAtLeastOne ? min((magnitude.pointPosition - 1) / 3, Self.suffixes.count - 1) : 0
        var mantissa = Self.round(magnitude.shifted(byPowerOfTen: 3 * unit))
        if mantissa.digits.pointPosition > 3, unit < Self.suffixes.count - 1 {
            unit += 1
            mantissa = Self.round(magnitude.shifted(byPowerOfTen: 3 * unit))
        }
        let sign = PriceFormatter.sign(of: value, isZero: mantissa.digits.isZero, alwaysShowSign: false)
        // Still a thousand or more of the largest unit: past T there is no suffix to move up to.
        let number =
            mantissa.digits.pointPosition > 3
            ? magnitude.scientific(significantDigits: 3)
            : mantissa.digits.formatted(fractionDigits: mantissa.fractionDigits) + Self.suffixes[unit]
        guard let price else { return sign + number }
        if let symbol = price.symbol { return sign + symbol + number }
        return sign + number + " " + price.currencyCode
    }

    /// Two decimals under 10, one from 10 up.
    private static func round(_ mantissa: DecimalDigits) -> (digits: DecimalDigits, fractionDigits: Int) {
        let twoDecimals = mantissa.rounded(fractionDigits: 2)
        if twoDecimals.pointPosition < 2 { return (twoDecimals, 2) }
        return (mantissa.rounded(fractionDigits: 1), 1)
    }
}
