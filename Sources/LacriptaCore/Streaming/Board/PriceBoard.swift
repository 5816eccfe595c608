/// The state of every streamed pair, built by merging snapshots and partial updates.
///
/// A plain value: the feed owns one and hands out copies. Snapshots and the `16 SUBSCRIBECOMPLETE`
/// may arrive in either order; the board does not care, because the first message for a pair simply
/// creates its state and later ones merge into it.
///
/// A feed's board keeps state only for the pairs it subscribed (`init(keeping:)`): the streamer
/// decides what it sends, and a board that made state for every pair it saw grew without bound
/// (200,000 symbols: 46 → 162 MB, never freed). Updates for other pairs are dropped on first
/// sight, at the one point where the board already looks the pair up, so the pairs it keeps cost
/// nothing extra.
public struct PriceBoard: Sendable, Equatable {
    /// Every pair's state, in order of first sight.
    private var states: [PriceSnapshot] = []
    /// Where each pair's state is in `states`.
    private var positions: [PairKey: Int] = [:]
    /// The pairs whose updates are kept, or `nil` to keep every pair (a board on its own, fed
    /// known input, as in tests and benchmarks).
    private var kept: Set<PairKey>?

    /// Up to this many pairs a lookup compares keys instead of hashing them: a live view follows a
    /// handful of pairs, and comparing a few short strings costs less than hashing three.
    private static let scanLimit = 8

    /// An empty board that keeps every pair it is given.
    public init() {}

    /// An empty board that keeps state only for `pairs`.
    public init(keeping pairs: some Sequence<PairKey>) {
        kept = Set(pairs)
    }

    /// Keeps state only for `pairs` from now on (the feed's subscriptions changed), and forgets
    /// the state of every pair no longer among them.
    public mutating func keep(only pairs: some Sequence<PairKey>) {
        let pairs = Set(pairs)
        kept = pairs
        guard states.contains(where: { !pairs.contains($0.pair) }) else { return }
        states.removeAll { !pairs.contains($0.pair) }
        positions = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.pair, $0) })
    }

    /// Merges `update` into its pair's state, creating the state on first sight.
    ///
    /// - Parameter receivedAt: when the message arrived, on the caller's clock; stored so the
    ///   display can show how old a price is after a disconnect.
    /// - Returns: the merged state and what this message changed, or `nil` when the board does not
    ///   keep the pair (nothing was stored).
    @discardableResult
    public mutating func merge(_ update: PriceUpdate, receivedAt: Duration = .zero) -> PriceChange? {
        // Merged in place: one lookup per message, no copy of the state.
        guard let position = position(creating: update.pair) else { return nil }
        return states[position].apply(update, receivedAt: receivedAt)
    }

    /// Merges the price update held in `record` (see `StreamerParser.parse(_:into:)`) into its
    /// pair's state, and hands `body` the merged state and what changed; `nil`, without calling
    /// `body`, when the board does not keep the pair.
    ///
    /// The feed's hot path: the state is merged and read in place, where `merge(_:receivedAt:)`
    /// copies the update out of the parser's record and the state into a `PriceChange` (two
    /// copies of some 300 bytes, with a retain per string, a million times a second).
    package mutating func merge<Result>(
        scanned record: borrowing ScanRecord, receivedAt: Duration, _ body: (borrowing PriceSnapshot, PriceMerge) -> Result
    ) -> Result? {
        guard let position = position(creatingMarket: record.market ?? "", from: record.from ?? "", to: record.to ?? "") else {
            return nil
        }
        return Self.merge(record.fields, flags: PriceFlags(rawValue: record.flags), into: &states[position], receivedAt: receivedAt, body)
    }

    /// Merges into `state`, reached through an inout access so that `body` reads it where it lies.
    @inline(__always)
    private static func merge<Result>(
        _ fields: borrowing PriceFields, flags: PriceFlags, into state: inout PriceSnapshot, receivedAt: Duration,
        _ body: (borrowing PriceSnapshot, PriceMerge) -> Result
    ) -> Result {
        let merge = state.apply(fields, flags: flags, receivedAt: receivedAt)
        return body(state, merge)
    }

    /// The position of the state of the pair with these parts, added empty on first sight if the
    /// board keeps the pair. Looks the parts up as they are, without building a `PairKey` for the
    /// common case.
    private mutating func position(creatingMarket market: String, from: String, to: String) -> Int? {
        guard states.count <= Self.scanLimit else { return position(creating: PairKey(market: market, from: from, to: to)) }
        if let position = states.firstIndex(where: { $0.pair.from == from && $0.pair.to == to && $0.pair.market == market }) {
            return position
        }
        return insert(PairKey(market: market, from: from, to: to))
    }

    /// The position of `pair`'s state, added empty on first sight if the board keeps the pair.
    private mutating func position(creating pair: PairKey) -> Int? {
        if let position = position(of: pair) { return position }
        return insert(pair)
    }

    /// Adds an empty state for `pair`, which has none, and returns its position; `nil` when the
    /// board does not keep the pair. The only place the kept set is consulted: a kept pair that
    /// has its state never gets here again.
    private mutating func insert(_ pair: PairKey) -> Int? {
        guard kept?.contains(pair) ?? true else { return nil }
        states.append(PriceSnapshot(pair: pair))
        positions[pair] = states.count - 1
        return states.count - 1
    }

    /// The position of `pair`'s state, if any.
    private func position(of pair: PairKey) -> Int? {
        guard states.count <= Self.scanLimit else { return positions[pair] }
        return states.firstIndex { $0.pair == pair }
    }

    /// The state of `pair`, if any message for it arrived.
    public subscript(pair: PairKey) -> PriceSnapshot? {
        position(of: pair).map { states[$0] }
    }

    /// The number of pairs with state.
    public var count: Int { states.count }

    /// Whether no pair has state yet.
    public var isEmpty: Bool { states.isEmpty }

    /// Every pair's state, ordered by market, base and quote symbol for stable output.
    public var snapshots: [PriceSnapshot] {
        states.sorted { lhs, rhs in
            (lhs.pair.market, lhs.pair.from, lhs.pair.to) < (rhs.pair.market, rhs.pair.from, rhs.pair.to)
        }
    }

    /// Forgets the state of `pair`.
    public mutating func remove(_ pair: PairKey) {
        guard let position = positions.removeValue(forKey: pair) else { return }
        states.remove(at: position)
        for index in position..<states.count { positions[states[index].pair] = index }
    }

    /// Equal when the same pairs have the same states, whatever order they arrived in (and
    /// whichever pairs each would keep in future).
    public static func == (lhs: PriceBoard, rhs: PriceBoard) -> Bool {
        lhs.count == rhs.count && lhs.states.allSatisfy { rhs[$0.pair] == $0 }
    }
}

/// What merging one message changed, apart from the state itself (see `PriceChange`).
public struct PriceMerge: Sendable, Equatable {
    /// Fields that were new or got a different value.
    public var changed: PriceFieldSet
    /// The price direction of this message (from FLAGS, else by comparing prices).
    public var direction: PriceDirection
    /// Whether this was the first message for the pair (normally its snapshot).
    public var isFirst: Bool

    /// Creates a merge record.
    public init(changed: PriceFieldSet, direction: PriceDirection, isFirst: Bool) {
        self.changed = changed
        self.direction = direction
        self.isFirst = isFirst
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

    /// The change record of `snapshot` after `merge`.
    public init(snapshot: PriceSnapshot, merge: PriceMerge) {
        self.init(snapshot: snapshot, changed: merge.changed, direction: merge.direction, isFirst: merge.isFirst)
    }

    /// The pair that changed.
    public var pair: PairKey { snapshot.pair }

    /// What changed, without the state.
    public var merge: PriceMerge {
        PriceMerge(changed: changed, direction: direction, isFirst: isFirst)
    }
}
