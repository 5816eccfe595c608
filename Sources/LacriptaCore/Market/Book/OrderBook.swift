import Foundation

/// One market's visible order book for one pair: its price levels on each side, best first, as
/// the exchange wrote them.
///
/// Books arrive in the exchanges' shapes: a snapshot with levels in any order (CEX.IO sends them
/// unsorted), then increments where a size of zero deletes a level and any other size replaces
/// the level at that price. The book keeps each side sorted (bids highest first, asks lowest
/// first) by the levels' `Double` values, so an increment is a binary search and at most one
/// move of the levels behind it; the digits stay as sent for display and for exact arithmetic
/// (`SizeCost`). A side may be empty: some pairs have no bids at all.
public struct OrderBook: Sendable, Equatable {
    /// A side of the book.
    public enum Side: Sendable, Equatable {
        case bids
        case asks
    }

    /// One price level: the price and the size resting there, both as sent.
    public struct Level: Sendable, Equatable {
        public var price: QuoteNumber
        public var size: QuoteNumber

        /// A level of `size` at `price`.
        public init(price: QuoteNumber, size: QuoteNumber) {
            self.price = price
            self.size = size
        }
    }

    /// The bids, highest price first.
    public private(set) var bids: [Level] = []
    /// The asks, lowest price first.
    public private(set) var asks: [Level] = []

    /// An empty book.
    public init() {}

    /// A book of a snapshot's levels, in any order (see `replace(bids:asks:)`).
    public init(bids: [Level], asks: [Level]) {
        replace(bids: bids, asks: asks)
    }

    /// The best bid, if anyone bids.
    public var bestBid: Level? { bids.first }
    /// The best ask, if anyone offers.
    public var bestAsk: Level? { asks.first }

    /// Replaces both sides with a snapshot's levels, given in any order: levels of size zero are
    /// left out, and of two levels at one price the later one counts, as an increment would.
    public mutating func replace(bids newBids: [Level], asks newAsks: [Level]) {
        bids = []
        asks = []
        for level in newBids { update(.bids, level) }
        for level in newAsks { update(.asks, level) }
    }

    /// Applies one level of an increment: a size of zero deletes the level at that price (if
    /// there is one), any other size sets it.
    public mutating func update(_ side: Side, _ level: Level) {
        switch side {
        case .bids: Self.update(&bids, with: level, before: >)
        case .asks: Self.update(&asks, with: level, before: <)
        }
    }

    /// Applies an increment's levels to each side, in order (see `update`).
    public mutating func apply(bids changedBids: [Level], asks changedAsks: [Level]) {
        for level in changedBids { update(.bids, level) }
        for level in changedAsks { update(.asks, level) }
    }

    /// Keeps at most `depth` levels on each side (the best ones): what a feed that shows a
    /// window of the book says it keeps.
    public mutating func keep(depth: Int) {
        if bids.count > depth { bids.removeLast(bids.count - depth) }
        if asks.count > depth { asks.removeLast(asks.count - depth) }
    }

    /// Inserts, replaces or deletes `level` in `levels`, sorted so that a price `before` another
    /// comes first.
    private static func update(_ levels: inout [Level], with level: Level, before: (Double, Double) -> Bool) {
        let price = level.price.value
        var low = 0
        var high = levels.count
        while low < high {
            let middle = (low + high) / 2
            if before(levels[middle].price.value, price) { low = middle + 1 } else { high = middle }
        }
        let found = low < levels.count && levels[low].price.value == price
        if level.size.value == 0 {
            if found { levels.remove(at: low) }
        } else if found {
            levels[low] = level
        } else {
            levels.insert(level, at: low)
        }
    }
}
