/// The numeric fields of one price message or of a pair's merged state, plus its two string fields.
///
/// Values live in a fixed inline block of 32 doubles addressed by `PriceField.rawValue`, with a bit
/// mask saying which are present. That keeps a parsed update free of heap allocations and lets a
/// merge walk only the bits that are set instead of testing 31 optionals.
public struct PriceFields: Sendable {
    /// Inline storage: one slot per `PriceField`; slots whose bit is clear hold stale garbage.
    typealias Storage = (
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
    )

    /// Which numeric fields hold a value (string fields are tracked by their optionals).
    public private(set) var present: PriceFieldSet = []
    /// The numeric values, see `Storage`.
    private var storage: Storage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// `LASTTRADEID`: the id of the last trade, a string in the id space of `lastMarket`.
    public var lastTradeID: String?
    /// `LASTMARKET`: the exchange of the latest trade included in the index.
    public var lastMarket: String?

    /// An empty set of fields.
    public init() {}

    /// Removes every field; the numeric block keeps its stale bytes (see `Storage`).
    mutating func removeAll() {
        present = []
        lastTradeID = nil
        lastMarket = nil
    }

    /// The value of `field`, or `nil` when absent. Setting `nil` removes it.
    public subscript(field: PriceField) -> Double? {
        get { present.contains(field) ? value(at: field.rawValue) : nil }
        set {
            if let newValue {
                setValue(newValue, at: field.rawValue)
            } else {
                present.remove(PriceFieldSet(field))
            }
        }
    }

    /// The value in slot `index`, whether or not it is present. Hot path for parse and merge.
    @inline(__always)
    func value(at index: Int) -> Double {
        withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index &* 8, as: Double.self) }
    }

    /// Stores `value` in slot `index` and marks it present. Hot path for parse and merge.
    @inline(__always)
    mutating func setValue(_ value: Double, at index: Int) {
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: value, toByteOffset: index &* 8, as: Double.self) }
        present = PriceFieldSet(rawValue: present.rawValue | (1 << UInt64(index)))
    }
}

extension PriceFields {
    /// Copies the present numeric fields of `other` into `self`; returns those that were absent or
    /// different, and the price before and in `other`.
    ///
    /// The merge hot path: both blocks are read through one pointer each, because `value(at:)` on
    /// a non-mutable value may copy the whole block per call.
    mutating func mergeNumbers(from other: PriceFields) -> (changed: PriceFieldSet, oldPrice: Double?, newPrice: Double?) {
        let known = present.rawValue
        let incoming = other.present.rawValue
        let priceBit = PriceFieldSet(.price).rawValue
        var changed: UInt64 = 0
        var oldPrice: Double?
        var newPrice: Double?
        withUnsafeMutableBytes(of: &storage) { mine in
            withUnsafeBytes(of: other.storage) { theirs in
                let priceOffset = PriceField.price.rawValue * 8
                if known & priceBit != 0 { oldPrice = mine.load(fromByteOffset: priceOffset, as: Double.self) }
                if incoming & priceBit != 0 { newPrice = theirs.load(fromByteOffset: priceOffset, as: Double.self) }
                var bits = incoming
                while bits != 0 {
                    let offset = bits.trailingZeroBitCount &* 8
                    let bit = bits & (0 &- bits)
                    let value = theirs.load(fromByteOffset: offset, as: Double.self)
                    if known & bit == 0 || mine.load(fromByteOffset: offset, as: Double.self) != value {
                        changed |= bit
                        mine.storeBytes(of: value, toByteOffset: offset, as: Double.self)
                    }
                    bits &= bits &- 1
                }
            }
        }
        present = PriceFieldSet(rawValue: known | incoming)
        return (PriceFieldSet(rawValue: changed), oldPrice, newPrice)
    }
}

extension PriceFields: Equatable {
    /// Equal when the same fields are present with the same values; absent slots are ignored.
    public static func == (lhs: PriceFields, rhs: PriceFields) -> Bool {
        guard lhs.present == rhs.present, lhs.lastTradeID == rhs.lastTradeID, lhs.lastMarket == rhs.lastMarket else {
            return false
        }
        var bits = lhs.present.rawValue
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            if lhs.value(at: index) != rhs.value(at: index) { return false }
            bits &= bits &- 1
        }
        return true
    }
}
