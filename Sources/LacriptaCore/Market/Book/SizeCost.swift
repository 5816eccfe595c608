import Foundation

/// What a size costs on one book: walking the asks to buy it, or the bids to sell it, level by
/// level from the best, in exact decimals from the digits the exchange sent.
///
/// A book shows only a window of its depth, so the walk says how much of the size the visible
/// levels could fill; an average over a partial fill is a price for less than was asked and is
/// never compared with a full one (`best(_:)`).
public struct SizeCost: Sendable, Equatable {
    /// The size asked for, in the base currency.
    public var size: Decimal
    /// How much of it the visible levels fill.
    public var filled: Decimal
    /// What the filled part costs (buying) or brings (selling), in the quote currency.
    public var total: Decimal
    /// How many levels the walk took from.
    public var levels: Int

    /// Whether the visible book is deep enough for the whole size.
    public var isFilled: Bool { filled == size }

    /// The average price of the filled part; nil when nothing could be filled.
    public var averagePrice: Decimal? {
        filled > 0 ? total / filled : nil
    }

    /// The cost of buying `size` on `book`: walking its asks, lowest first.
    public static func buying(_ size: Decimal, on book: OrderBook) -> SizeCost {
        walk(book.asks, for: size)
    }

    /// The proceeds of selling `size` on `book`: walking its bids, highest first.
    public static func selling(_ size: Decimal, on book: OrderBook) -> SizeCost {
        walk(book.bids, for: size)
    }

    /// Takes from each level in turn until `size` is filled or the levels run out. A level whose
    /// digits are not a decimal (the parsers never let one through) ends the walk there.
    private static func walk(_ levels: [OrderBook.Level], for size: Decimal) -> SizeCost {
        var cost = SizeCost(size: size, filled: 0, total: 0, levels: 0)
        guard size > 0 else { return cost }
        for level in levels {
            guard let price = level.price.decimal, let available = level.size.decimal else { break }
            let taken = min(available, size - cost.filled)
            cost.filled += taken
            cost.total += taken * price
            cost.levels += 1
            if cost.filled == size { break }
        }
        return cost
    }

    /// Of several markets' costs for one side, the best that fills the whole size: the lowest
    /// average to buy, the highest to sell. Nil when no visible book is deep enough.
    public static func best<Market>(_ costs: [(market: Market, cost: SizeCost)], buying: Bool) -> (market: Market, cost: SizeCost)? {
        let full = costs.filter { $0.cost.isFilled && $0.cost.averagePrice != nil }
        return full.min { first, second in
            let (a, b) = (first.cost.total, second.cost.total)
            return buying ? a < b : a > b
        }
    }
}
