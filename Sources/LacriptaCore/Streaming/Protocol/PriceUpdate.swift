/// A TYPE 5 (aggregate index) or TYPE 2 (ticker) message: a full snapshot right after subscribing,
/// then partial updates that carry only the fields that changed.
///
/// Only the pair and `FLAGS` are always there; an update without `PRICE` means the price did not
/// change, so merging must keep the old one (`PriceBoard.merge`).
public struct PriceUpdate: Sendable, Equatable {
    /// The message TYPE: 5 or 2.
    public var channel: Int
    /// Market and pair.
    public var pair: PairKey
    /// The `FLAGS` bits (0 when the server left them out).
    public var flags: PriceFlags
    /// The fields this message carries.
    public var fields: PriceFields

    /// Creates an update.
    public init(channel: Int = Subscription.aggregateChannel, pair: PairKey, flags: PriceFlags, fields: PriceFields) {
        self.channel = channel
        self.pair = pair
        self.flags = flags
        self.fields = fields
    }
}
