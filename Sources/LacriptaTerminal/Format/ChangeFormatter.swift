/// Formats price changes as styled text whose direction reads with or without colour.
///
/// Output looks like "▲ +1.50%", "▼ -0.14%", "= 0.00%" and, with an amount,
/// "▲ +$1,234.56 (+1.50%)". A change that rounds to zero at display precision is unchanged:
/// "=", yellow, no sign. NaN or infinite input gives an unstyled "—" (missing, not unchanged).
/// Percentages of a million or more are written in scientific notation ("▲ +1.00e20%"), as
/// `PriceFormatter` does for huge amounts: one absurd figure must not widen its column for all.
public struct ChangeFormatter: Sendable, Hashable {
    /// Decimal places for percentages.
    public var percentFractionDigits: Int
    /// The smallest percentage (in magnitude) written in scientific notation.
    public static let scientificPercentThreshold = 1e6

    /// A formatter showing percentages with `percentFractionDigits` decimals (2: "+1.50%").
    public init(percentFractionDigits: Int = 2) {
        self.percentFractionDigits = percentFractionDigits
    }

    /// The direction of a percentage as it will be displayed (0.004% is unchanged at 2 decimals).
    public func direction(ofPercent percent: Double) -> ChangeDirection {
        guard let digits = DecimalDigits(magnitudeOf: percent) else { return .unchanged }
        if digits.rounded(fractionDigits: percentFractionDigits).isZero { return .unchanged }
        return percent > 0 ? .up : .down
    }

    /// The signed percentage without marker or style: "+1.50%", "-0.14%", "0.00%", or "—".
    public func percentText(_ percent: Double) -> String {
        guard let digits = DecimalDigits(magnitudeOf: percent) else { return PriceFormatter.missingValue }
        if percent.magnitude >= Self.scientificPercentThreshold {
            return (percent < 0 ? "-" : "+") + digits.scientific(significantDigits: 3) + "%"
        }
        let rounded = digits.rounded(fractionDigits: percentFractionDigits)
        let sign = PriceFormatter.sign(of: percent, isZero: rounded.isZero, alwaysShowSign: true)
        return sign + rounded.formatted(fractionDigits: percentFractionDigits) + "%"
    }

    /// A percentage change with marker and colour: "▲ +1.50%".
    public func percent(_ percent: Double) -> StyledText {
        guard percent.isFinite else { return StyledText(PriceFormatter.missingValue) }
        let direction = direction(ofPercent: percent)
        return StyledText(direction.symbol + " " + percentText(percent), style: direction.style)
    }

    /// An amount change with marker and colour: "▲ +$1,234.56".
    public func amount(_ amount: Double, price: PriceFormatter) -> StyledText {
        guard amount.isFinite else { return StyledText(PriceFormatter.missingValue) }
        let direction = direction(ofAmount: amount, price: price)
        return StyledText(direction.symbol + " " + price.string(amount, alwaysShowSign: true), style: direction.style)
    }

    /// An amount and its percentage: "▲ +$1,234.56 (+1.50%)". The direction comes from the
    /// amount, or from the percentage when the amount shows as zero.
    public func change(_ amount: Double, percent: Double, price: PriceFormatter) -> StyledText {
        guard amount.isFinite, percent.isFinite else { return StyledText(PriceFormatter.missingValue) }
        var direction = direction(ofAmount: amount, price: price)
        if direction == .unchanged { direction = self.direction(ofPercent: percent) }
        let text = "\(direction.symbol) \(price.string(amount, alwaysShowSign: true)) (\(percentText(percent)))"
        return StyledText(text, style: direction.style)
    }

    /// The direction of an amount as `price` will display it.
    public func direction(ofAmount amount: Double, price: PriceFormatter) -> ChangeDirection {
        if !amount.isFinite || price.isZeroAtDisplayPrecision(amount) { return .unchanged }
        return amount > 0 ? .up : .down
    }
}
