import Foundation

/// Rounding that keeps streamed numbers short, like the service's (`118652.3817264091`, not
/// `118652.38172640912`), so a walk of many products does not print 17-digit noise.
enum StreamNumber {
    /// `value` rounded to `digits` significant digits. With 15 or fewer digits the shortest
    /// round-trip text of the result is exactly that decimal, so JS-style printing stays short.
    static func significant(_ value: Double, digits: Int = 15) -> Double {
        guard value != 0, value.isFinite else { return value }
        let exponent = Int(log10(value.magnitude).rounded(.down)) + 1
        let scale = pow(10, Double(digits - exponent))
        let rounded = (value * scale).rounded() / scale
        return rounded.isFinite ? rounded : value
    }

    /// A base-currency amount rounded to 8 decimals (a satoshi), never below one unit of it;
    /// amounts of ten million and more keep 15 significant digits instead (PEPE volumes), where
    /// 8 decimals would exceed what a `Double` holds and print as noise.
    static func baseAmount(_ value: Double) -> Double {
        guard value.magnitude < 1e7 else { return significant(value) }
        return max(1e-8, (value * 1e8).rounded() / 1e8)
    }
}
