/// The `FLAGS` bit mask of a price message: which way price, bid, ask and median moved.
///
/// Test bits with `contains`, never compare the whole value: the REST API sends combinations such
/// as 2050 (median unchanged | price down), and the streamer may too.
public struct PriceFlags: OptionSet, Sendable, Hashable {
    /// The wire value.
    public let rawValue: Int

    /// Creates flags from the wire value.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The price went up (bit 0).
    public static let priceUp = PriceFlags(rawValue: 1)
    /// The price went down (bit 1).
    public static let priceDown = PriceFlags(rawValue: 2)
    /// The price did not change (bit 2); PRICE is then absent.
    public static let priceUnchanged = PriceFlags(rawValue: 4)
    /// The bid went up.
    public static let bidUp = PriceFlags(rawValue: 8)
    /// The bid went down.
    public static let bidDown = PriceFlags(rawValue: 16)
    /// The bid did not change.
    public static let bidUnchanged = PriceFlags(rawValue: 32)
    /// The ask went up (v1 called it OFFER).
    public static let askUp = PriceFlags(rawValue: 64)
    /// The ask went down.
    public static let askDown = PriceFlags(rawValue: 128)
    /// The ask did not change.
    public static let askUnchanged = PriceFlags(rawValue: 256)
    /// The median went up (v1 called it AVG).
    public static let medianUp = PriceFlags(rawValue: 512)
    /// The median went down.
    public static let medianDown = PriceFlags(rawValue: 1024)
    /// The median did not change.
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
    /// Higher than before.
    case up
    /// Lower than before.
    case down
    /// The same, or not known to have moved.
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
