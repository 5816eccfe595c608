/// The merged state of one pair: every field seen so far, with the latest value of each.
public struct PriceSnapshot: Sendable, Equatable {
    /// Market and pair.
    public var pair: PairKey
    /// Every field received since the first message for this pair, latest value wins.
    public var fields: PriceFields
    /// The `FLAGS` of the latest message.
    public var flags: PriceFlags
    /// The price direction of the latest message.
    public var direction: PriceDirection
    /// When the latest message for this pair arrived, on the feed's clock (time since the feed
    /// started); compare with `PriceFeed.elapsed` for the age of the data.
    public var receivedAt: Duration
    /// How many messages were merged into this state.
    public var messageCount: Int

    /// An empty state for `pair`, before its first message.
    public init(pair: PairKey) {
        self.pair = pair
        self.fields = PriceFields()
        self.flags = []
        self.direction = .unchanged
        self.receivedAt = .zero
        self.messageCount = 0
    }

    /// The current price.
    public var price: Double? { fields.price }

    /// Price change over 24 hours (`PRICE - OPEN24HOUR`), when both are known.
    public var change24Hour: Double? {
        guard let price = fields.price, let open = fields.open24Hour else { return nil }
        return price - open
    }

    /// Merges one message into this state and reports what changed.
    ///
    /// Present fields overwrite, absent ones keep their value: an update without `PRICE` means the
    /// price did not change. A field counts as changed when it was absent or its value differs.
    mutating func apply(_ update: PriceUpdate, receivedAt: Duration) -> PriceChange {
        let merge = apply(update.fields, flags: update.flags, receivedAt: receivedAt)
        return PriceChange(snapshot: self, merge: merge)
    }

    /// Merges the `fields` and `flags` of one message (see `apply(_:receivedAt:)`), returning what
    /// changed but not the state: the hot path reads the state in place instead of copying it.
    mutating func apply(_ incoming: PriceFields, flags incomingFlags: PriceFlags, receivedAt: Duration) -> PriceMerge {
        let merged = fields.mergeNumbers(from: incoming)
        var changes = merged.changed
        if let id = incoming.lastTradeID, id != fields.lastTradeID {
            fields.lastTradeID = id
            changes.insert(.lastTradeID)
        }
        if let market = incoming.lastMarket, market != fields.lastMarket {
            fields.lastMarket = market
            changes.insert(.lastMarket)
        }
        if incomingFlags != flags || messageCount == 0 {
            flags = incomingFlags
            changes.insert(.flags)
        }
        direction = PriceDirection(flags: incomingFlags, oldPrice: merged.oldPrice, newPrice: merged.newPrice)
        self.receivedAt = receivedAt
        messageCount &+= 1
        return PriceMerge(changed: changes, direction: direction, isFirst: messageCount == 1)
    }
}
