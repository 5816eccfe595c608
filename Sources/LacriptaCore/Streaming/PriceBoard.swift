/// The state of every streamed pair, built by merging snapshots and partial updates.
///
/// A plain value: the feed owns one and hands out copies. Snapshots and the `16 SUBSCRIBECOMPLETE`
/// may arrive in either order; the board does not care, because the first message for a pair simply
/// creates its state and later ones merge into it.
public struct PriceBoard: Sendable, Equatable {
    private var states: [PairKey: PriceSnapshot] = [:]

    /// An empty board.
    public init() {}

    /// Merges `update` into its pair's state, creating the state on first sight.
    ///
    /// - Parameter receivedAt: when the message arrived, on the caller's clock; stored so the
    ///   display can show how old a price is after a disconnect.
    /// - Returns: the merged state and what this message changed.
    @discardableResult
    public mutating func merge(_ update: PriceUpdate, receivedAt: Duration = .zero) -> PriceChange {
        // `subscript(_:default:)` mutates in place: one hash lookup per message, no copy of the state.
        states[update.pair, default: PriceSnapshot(pair: update.pair)].apply(update, receivedAt: receivedAt)
    }

    /// The state of `pair`, if any message for it arrived.
    public subscript(pair: PairKey) -> PriceSnapshot? {
        states[pair]
    }

    /// The number of pairs with state.
    public var count: Int { states.count }

    /// Whether no pair has state yet.
    public var isEmpty: Bool { states.isEmpty }

    /// Every pair's state, ordered by market, base and quote symbol for stable output.
    public var snapshots: [PriceSnapshot] {
        states.values.sorted { lhs, rhs in
            (lhs.pair.market, lhs.pair.from, lhs.pair.to) < (rhs.pair.market, rhs.pair.from, rhs.pair.to)
        }
    }

    /// Forgets the state of `pair`.
    public mutating func remove(_ pair: PairKey) {
        states[pair] = nil
    }
}

/// The result of merging one message: the pair's new state and what changed.
public struct PriceChange: Sendable, Equatable {
    /// The pair's state after the merge.
    public var snapshot: PriceSnapshot
    /// Fields that were new or got a different value.
    public var changed: PriceFieldSet
    /// The price direction of this message (from FLAGS, else by comparing prices).
    public var direction: PriceDirection
    /// Whether this was the first message for the pair (normally its snapshot).
    public var isFirst: Bool

    /// Creates a change record.
    public init(snapshot: PriceSnapshot, changed: PriceFieldSet, direction: PriceDirection, isFirst: Bool) {
        self.snapshot = snapshot
        self.changed = changed
        self.direction = direction
        self.isFirst = isFirst
    }

    /// The pair that changed.
    public var pair: PairKey { snapshot.pair }
}
