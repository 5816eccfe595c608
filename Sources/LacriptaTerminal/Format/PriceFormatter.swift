/// Formats prices in one quote currency, the same way on every machine.
///
/// - Fiat with a known symbol: "$60,000.00", "€0.2191", "¥9,500,000".
/// - Anything else (BTC, ETH, USDT, unknown codes): the code after the number, "0.00001028 BTC".
/// - Amounts of 1 or more get the currency's decimal places (2; 0 for JPY/KRW/VND) and ","
///   between thousands. Amounts under 1 get 4 significant digits ("$0.2191", "$0.00001028"), so a
///   cheap coin never shows as "$0.00"; if rounding carries to 1 the ≥ 1 rule applies ("$1.00").
/// - Zero (and anything under 10⁻¹⁶) is "$0.00", never "-$0.00"; negatives are "-$1,234.56"; NaN and infinity are "—".
/// - From 10¹⁵ up, three significant digits in scientific notation: "$1.00e20", "-$1.70e308". No
///   price is that large; written out, a hostile one would widen its column until the table had
///   to drop every other column to fit the terminal.
public struct PriceFormatter: Sendable, Hashable {
    /// What is shown for a value that is not a number (NaN, ±infinity).
    public static let missingValue = "—"
    /// Significant digits shown for amounts under 1.
    public static let smallValueSignificantDigits = 4
    /// The smallest magnitude written in scientific notation.
    public static let scientificThreshold = 1e15

    /// Point position of 10⁻¹⁶; anything smaller is shown as zero.
    private static let smallestPointPosition = -15

    /// The quote currency code, uppercased ("USD", "BTC").
    public let currencyCode: String
    /// The prefix symbol, or `nil` when the code is written after the number.
    public let symbol: String?
    /// Decimal places for amounts of 1 or more.
    public let fractionDigits: Int

    /// A formatter for `currency` (any case); the code is sanitized since it may come from input.
    public init(currency: String) {
        let code = Sanitizer.singleLine(currency).uppercased()
        self.currencyCode = code
        self.symbol = CurrencySymbols.symbol(for: code)
        self.fractionDigits = CurrencySymbols.fractionDigits(for: code)
    }

    /// `value` with its currency: "$60,000.00", "-€0.2191", "0.00123 BTC"; with
    /// `alwaysShowSign`, positive amounts get "+" ("+$12.50", for changes).
    public func string(_ value: Double, alwaysShowSign: Bool = false) -> String {
        guard let (amount, isZero) = magnitudeText(value) else { return Self.missingValue }
        let sign = Self.sign(of: value, isZero: isZero, alwaysShowSign: alwaysShowSign)
        if let symbol { return sign + symbol + amount }
        return sign + amount + " " + currencyCode
    }

    /// Just the number with the same rounding and grouping, no currency ("60,000.00", "-0.2191").
    public func number(_ value: Double) -> String {
        guard let (amount, isZero) = magnitudeText(value) else { return Self.missingValue }
        return Self.sign(of: value, isZero: isZero, alwaysShowSign: false) + amount
    }

    /// The magnitude as shown, written out or (from `scientificThreshold`) in scientific notation,
    /// and whether it shows as zero; `nil` for NaN and infinities.
    private func magnitudeText(_ value: Double) -> (text: String, isZero: Bool)? {
        if value.magnitude >= Self.scientificThreshold, let digits = DecimalDigits(magnitudeOf: value) {
            return (digits.scientific(significantDigits: 3), false)
        }
        guard let number = rounded(value) else { return nil }
        return (number.digits.formatted(fractionDigits: number.fractionDigits), number.digits.isZero)
    }

    /// True when `value` shows as zero at display precision (so no sign and no direction).
    public func isZeroAtDisplayPrecision(_ value: Double) -> Bool {
        rounded(value)?.digits.isZero ?? false
    }

    /// The digits to show and how many decimals they need; `nil` for NaN and infinities.
    private func rounded(_ value: Double) -> (digits: DecimalDigits, fractionDigits: Int)? {
        guard let magnitude = DecimalDigits(magnitudeOf: value) else { return nil }
        let small = magnitude.rounded(significantDigits: Self.smallValueSignificantDigits)
        // Below 10⁻¹⁶ a price is noise in a float; show zero rather than a screenful of decimals.
        if small.isZero || small.isAtLeastOne || small.pointPosition < Self.smallestPointPosition {
            return (magnitude.rounded(fractionDigits: fractionDigits), fractionDigits)
        }
        // 0.2191 has its point at 0 → 4 decimals; 0.00001028 at -4 → 8 decimals.
        let decimals = Self.smallValueSignificantDigits - small.pointPosition
        return (small, max(decimals, fractionDigits))
    }

    /// "-" for negatives, "+" when asked for positives, nothing for zero.
    static func sign(of value: Double, isZero: Bool, alwaysShowSign: Bool) -> String {
        if isZero { return "" }
        if value < 0 { return "-" }
        return alwaysShowSign ? "+" : ""
    }
}
