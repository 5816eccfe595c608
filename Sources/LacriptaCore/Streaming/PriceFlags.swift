/// The `FLAGS` bit mask of a price message: which way price, bid, ask and median moved.
///
/// Test bits with `contains`, never compare the whole value: the REST API sends combinations such
/// as 2050 (median unchanged | price down), and the streamer may too.
public struct PriceFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    /// Creates flags from the wire value.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let priceUp = PriceFlags(rawValue: 1)
    public static let priceDown = PriceFlags(rawValue: 2)
    public static let priceUnchanged = PriceFlags(rawValue: 4)
    public static let bidUp = PriceFlags(rawValue: 8)
    public static let bidDown = PriceFlags(rawValue: 16)
    public static let bidUnchanged = PriceFlags(rawValue: 32)
    public static let askUp = PriceFlags(rawValue: 64)
    public static let askDown = PriceFlags(rawValue: 128)
    public static let askUnchanged = PriceFlags(rawValue: 256)
    public static let medianUp = PriceFlags(rawValue: 512)
    public static let medianDown = PriceFlags(rawValue: 1024)
    public static let medianUnchanged = PriceFlags(rawValue: 2048)

    /// The price direction the flags state, or `nil` when none of the three price bits is set.
    public var priceDirection: PriceDirection? {
        if contains(.priceUp) { return .up }
        if contains(.priceDown) { return .down }
        if contains(.priceUnchanged) { return .unchanged }
        return nil
    }
}

/// Which way a price moved with one update.
public enum PriceDirection: Sendable, Hashable {
    case up
    case down
    case unchanged

    /// The direction of an update: the server's FLAGS when they say, otherwise a comparison of the
    /// new price with the old one (a missing price means it did not change).
    public init(flags: PriceFlags, oldPrice: Double?, newPrice: Double?) {
        if let stated = flags.priceDirection {
            self = stated
        } else if let oldPrice, let newPrice {
            self = newPrice > oldPrice ? .up : newPrice < oldPrice ? .down : .unchanged
        } else {
            self = .unchanged
        }
    }
}
