import Foundation

/// An exact decimal number for the ledger's arithmetic: whole units of 10^-scale in an `Int64`
/// while the value fits there, else a `Decimal`.
///
/// Foundation's `Decimal` arithmetic allocates on every operation and was most of the cost-basis
/// pass and of valuing the book. Here two numbers of at most 18 digits (every amount, price and fee
/// anyone types or exports) add, subtract, multiply and compare as integers, and a division is
/// done as integers when its quotient ends within 18 digits (a price per coin of 0.01 BTC does).
///
/// The results are `Decimal`'s, bit for bit: an integer result is the exact result, and `Decimal`
/// gives the exact result whenever it fits its 38 digits, compacted (as `asDecimal` builds it).
/// Whenever the exact result does not fit here (an overflow, a division that does not end, more
/// than `maximumScale` decimals), the operation is done in `Decimal` on the same values, so it
/// rounds where `Decimal` always rounded. The ledger's tests hold the book computed this way to
/// the book computed in `Decimal` alone (LedgerNumberTests).
struct LedgerNumber: Sendable {
    private enum Storage: Sendable {
        /// units × 10^-scale, scale in 0...maximumScale.
        case fixed(units: Int64, scale: Int)
        case decimal(Decimal)
    }

    private var storage: Storage

    /// The most decimals kept as integers (a `Decimal` holds 38 significant digits).
    static let maximumScale = 38

    /// `units` × 10^-`scale` (nil when `scale` is outside 0...maximumScale).
    init?(units: Int64, scale: Int) {
        guard (0...Self.maximumScale).contains(scale) else { return nil }
        storage = .fixed(units: units, scale: scale)
    }

    /// A `Decimal` as it is (the slow path; for values from outside the ledger's own numbers).
    init(_ value: Decimal) {
        storage = .decimal(value)
    }

    /// A whole number.
    init(whole value: Int64) {
        storage = .fixed(units: value, scale: 0)
    }

    /// 0.
    static let zero = LedgerNumber(whole: 0)

    /// The value as `Decimal` builds it: compacted, so equal to `Decimal`'s own result bit for bit.
    var asDecimal: Decimal {
        switch storage {
        case .fixed(let units, let scale):
            guard units != 0 else { return Decimal(0) }
            let significand = Decimal(units.magnitude)
            return Decimal(sign: units < 0 ? .minus : .plus, exponent: -scale, significand: significand)
        case .decimal(let value):
            return value
        }
    }

    /// Whether the value is 0.
    var isZero: Bool {
        switch storage {
        case .fixed(let units, _): units == 0
        case .decimal(let value): value.isZero
        }
    }

    /// Whether the value is held as integers (for tests: which path a value took).
    var isFixed: Bool {
        if case .fixed = storage { return true }
        return false
    }

    // MARK: - Arithmetic

    static func + (lhs: LedgerNumber, rhs: LedgerNumber) -> LedgerNumber {
        if case .fixed(let a, let s) = lhs.storage, case .fixed(let b, let t) = rhs.storage, let (x, y, scale) = aligned(a, s, b, t) {
            let (sum, overflow) = x.addingReportingOverflow(y)
            if !overflow { return LedgerNumber(fixed: sum, scale: scale) }
        }
        return LedgerNumber(lhs.asDecimal + rhs.asDecimal)
    }

    static func - (lhs: LedgerNumber, rhs: LedgerNumber) -> LedgerNumber {
        if case .fixed(let a, let s) = lhs.storage, case .fixed(let b, let t) = rhs.storage, let (x, y, scale) = aligned(a, s, b, t) {
            let (difference, overflow) = x.subtractingReportingOverflow(y)
            if !overflow { return LedgerNumber(fixed: difference, scale: scale) }
        }
        return LedgerNumber(lhs.asDecimal - rhs.asDecimal)
    }

    static func * (lhs: LedgerNumber, rhs: LedgerNumber) -> LedgerNumber {
        if case .fixed(let a, let s) = lhs.storage, case .fixed(let b, let t) = rhs.storage, s + t <= maximumScale {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            if !overflow { return LedgerNumber(fixed: product, scale: s + t) }
        }
        return LedgerNumber(lhs.asDecimal * rhs.asDecimal)
    }

    /// The quotient, as integers when it ends within the digits kept.
    static func / (lhs: LedgerNumber, rhs: LedgerNumber) -> LedgerNumber {
        if case .fixed(let a, let s) = lhs.storage, case .fixed(let b, let t) = rhs.storage, let quotient = exactQuotient(a, s, b, t) {
            return quotient
        }
        return LedgerNumber(lhs.asDecimal / rhs.asDecimal)
    }

    static func += (lhs: inout LedgerNumber, rhs: LedgerNumber) { lhs = lhs + rhs }
    static func -= (lhs: inout LedgerNumber, rhs: LedgerNumber) { lhs = lhs - rhs }

    private init(fixed units: Int64, scale: Int) {
        storage = .fixed(units: units, scale: scale)
    }

    /// 10^0 … 10^18, the powers that fit an `Int64`.
    private static let powers: [Int64] = (0...18).map { exponent in (0..<exponent).reduce(Int64(1)) { product, _ in product * 10 } }

    /// `a` × 10^-`s` and `b` × 10^-`t` as units of one scale, the larger; nil when that overflows.
    private static func aligned(_ a: Int64, _ s: Int, _ b: Int64, _ t: Int) -> (Int64, Int64, Int)? {
        if s == t { return (a, b, s) }
        if s < t {
            guard let x = scaled(a, by: t - s) else { return nil }
            return (x, b, t)
        }
        guard let y = scaled(b, by: s - t) else { return nil }
        return (a, y, s)
    }

    /// `value` × 10^`digits`; nil on overflow.
    private static func scaled(_ value: Int64, by digits: Int) -> Int64? {
        guard digits < powers.count else { return value == 0 ? 0 : nil }
        let (result, overflow) = value.multipliedReportingOverflow(by: powers[digits])
        return overflow ? nil : result
    }

    /// (`a` × 10^-`s`) / (`b` × 10^-`t`) when it ends within an `Int64` of units and the scales
    /// kept; nil otherwise (a quotient that does not end, or too many digits).
    ///
    /// The quotient ends exactly when `b`, less the factors it shares with `a`, is 2^i × 5^j: then
    /// a / b = (a / r) × 2^(k−i) × 5^(k−j) / 10^k with r = b / (2^i × 5^j) and k = max(i, j), once
    /// `r` is checked to divide `a`.
    private static func exactQuotient(_ a: Int64, _ s: Int, _ b: Int64, _ t: Int) -> LedgerNumber? {
        guard b != 0, a != Int64.min, b != Int64.min else { return nil }
        if a == 0 { return LedgerNumber.zero }
        var divisor = b.magnitude
        let twos = divisor.trailingZeroBitCount
        divisor >>= UInt64(twos)
        var fives = 0
        while divisor % 5 == 0 {
            divisor /= 5
            fives += 1
        }
        let dividend = a.magnitude
        guard dividend % divisor == 0 else { return nil }
        var units = Int64(dividend / divisor)
        let k = max(twos, fives)
        for _ in 0..<(k - twos) {
            guard let doubled = scaledByFactor(units, 2) else { return nil }
            units = doubled
        }
        for _ in 0..<(k - fives) {
            guard let times5 = scaledByFactor(units, 5) else { return nil }
            units = times5
        }
        var scale = s - t + k
        if scale < 0 {
            guard let whole = scaled(units, by: -scale) else { return nil }
            units = whole
            scale = 0
        }
        guard scale <= maximumScale else { return nil }
        return LedgerNumber(fixed: (a < 0) != (b < 0) ? -units : units, scale: scale)
    }

    private static func scaledByFactor(_ value: Int64, _ factor: Int64) -> Int64? {
        let (result, overflow) = value.multipliedReportingOverflow(by: factor)
        return overflow ? nil : result
    }
}

extension LedgerNumber: Comparable {
    /// Equal in value (1.50 == 1.5), as `Decimal`'s `==` is.
    static func == (lhs: LedgerNumber, rhs: LedgerNumber) -> Bool { compare(lhs, rhs) == 0 }

    static func < (lhs: LedgerNumber, rhs: LedgerNumber) -> Bool { compare(lhs, rhs) < 0 }

    /// −1, 0 or 1 as `lhs` is below, equal to or above `rhs`; exact whatever the scales.
    private static func compare(_ lhs: LedgerNumber, _ rhs: LedgerNumber) -> Int {
        if case .fixed(let a, let s) = lhs.storage, case .fixed(let b, let t) = rhs.storage {
            if let (x, y, _) = aligned(a, s, b, t) { return x < y ? -1 : (x == y ? 0 : 1) }
        }
        let (a, b) = (lhs.asDecimal, rhs.asDecimal)
        return a < b ? -1 : (a == b ? 0 : 1)
    }
}

extension LedgerTransaction {
    /// The transaction with every number's arithmetic done in `Decimal` alone: the reference the
    /// integer fast path is held to (the tests and the ledger's fuzz target).
    package var decimalOnly: LedgerTransaction {
        var copy = self
        copy.amount = amount.decimalOnly
        copy.price = price.map { Money($0.amount.decimalOnly, $0.currency) }
        copy.fee = fee.map { Money($0.amount.decimalOnly, $0.currency) }
        return copy
    }
}
