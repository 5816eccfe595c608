/// A JSON number as read: its `Double` value and, for an integer that fits, the exact `Int64`.
struct JSONNumber: Equatable {
    var value: Double
    var integer: Int64?

    /// The number as an integer: exact when it was written as one, otherwise when the double is
    /// integral (`1.0`, `1e3`) and in range.
    var int64: Int64? {
        if let integer { return integer }
        guard value.isFinite, value == value.rounded(.towardZero), abs(value) < 9.2e18 else { return nil }
        return Int64(value)
    }
}
