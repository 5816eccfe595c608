/// Conversions from `Double` to `Int` that cannot trap.
///
/// `Int(_: Double)` traps on NaN, on ±infinity and on anything outside `Int`'s range, and a
/// figure from the wire (a news `upvotes` of `1e19`, a `Cooldown` of 2⁶³) or arithmetic on one
/// (`(a - b) / span` with a span that overflowed to infinity) reaches it easily: the process then
/// dies with SIGILL. Every conversion of a `Double` that did not come from our own constants goes
/// through one of these two instead, so the range check is written, and tested, once.
extension Int {
    /// 2⁶³, the first `Double` above `Int.max`. `Double(Int.max)` rounds up to exactly this value,
    /// which is why the tempting `value <= Double(Int.max)` lets 2⁶³ through to a trap: the upper
    /// bound must be exclusive. (`Double(Int.min)`, -2⁶³, is exact and in range.)
    private static let doubleUpperBound = -Double(Int.min)

    /// `value` rounded toward zero, or `nil` when it is NaN, infinite or outside `Int`'s range:
    /// for figures where an impossible value means "missing" (a count of up-votes, a timestamp).
    public init?(towardZero value: Double) {
        // NaN fails both comparisons, so it lands here too.
        guard value >= Double(Int.min), value < Self.doubleUpperBound else { return nil }
        self.init(value)
    }

    /// `value` rounded toward zero and clamped to `Int.min...Int.max`; NaN is 0. For figures where
    /// "a lot" is still an answer (a wait, an age, a position on a scale), like the standard
    /// library's `Int(clamping:)` does for wider integers.
    public init(clamping value: Double) {
        if value.isNaN {
            self = 0
        } else if let exact = Int(towardZero: value) {
            self = exact
        } else {
            self = value < 0 ? .min : .max
        }
    }
}
