/// One pair's order book on CEX.IO as its socket sends it: at most 20 levels a side, kept in the
/// order they arrived, because CEX.IO sends levels unsorted; the best bid and ask are found by
/// value when asked (20 levels are fewer comparisons than keeping them sorted would cost).
///
/// A level is replaced by price (compared by value: `86875` and `86875.0` are one level) and
/// removed by a size of zero; a side may be empty (some pairs have no bids at all).
struct CEXBook: Sendable, Equatable {
    /// One price level: the price and size as sent.
    struct Level: Sendable, Equatable {
        var price: QuoteNumber
        var size: QuoteNumber
    }

    private(set) var bids: [Level] = []
    private(set) var asks: [Level] = []

    /// A book from a snapshot's levels (levels of size zero left out).
    init(bids: [Level] = [], asks: [Level] = []) {
        self.bids = bids.filter { $0.size.value > 0 }
        self.asks = asks.filter { $0.size.value > 0 }
    }

    /// Applies one increment's levels to each side.
    mutating func apply(bids bidChanges: [Level], asks askChanges: [Level]) {
        for level in bidChanges { Self.apply(level, to: &bids) }
        for level in askChanges { Self.apply(level, to: &asks) }
    }

    /// The highest bid, nil for an empty side.
    var bestBid: Level? {
        bids.max { $0.price.value < $1.price.value }
    }

    /// The lowest ask, nil for an empty side.
    var bestAsk: Level? {
        asks.min { $0.price.value < $1.price.value }
    }

    private static func apply(_ level: Level, to side: inout [Level]) {
        let index = side.firstIndex { $0.price.value == level.price.value }
        if level.size.value == 0 {
            if let index { side.remove(at: index) }
        } else if let index {
            side[index] = level
        } else {
            side.append(level)
        }
    }
}
