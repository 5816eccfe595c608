import Foundation

/// HIFO's open lots of one coin: a binary heap whose root is the lot to take next, the dearest
/// per coin, of equally dear lots the one acquired first.
///
/// It replaced an array kept sorted by inserting each new lot in place: that cost a binary search
/// of exact cross-multiplied comparisons (two products each) and a move of every dearer
/// lot, per buy, which made HIFO the slowest method by far at 10,000 transactions. The heap does
/// a few comparisons per buy and per emptied lot. A lot partly taken stays at the root, as it
/// stayed at the end of the array.
struct DearestFirstLots: Sendable {
    /// The heap, root first.
    private(set) var lots: [Lot] = []
    /// The order each lot in `lots` was acquired in (breaks ties between equally dear lots).
    private var sequence: [Int] = []

    /// Whether no lot is open.
    var isEmpty: Bool { lots.isEmpty }

    /// Adds `lot`, acquired `order`-th.
    mutating func insert(_ lot: Lot, order: Int) {
        lots.append(lot)
        sequence.append(order)
        var child = lots.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { break }
            swapAt(child, parent)
            child = parent
        }
    }

    /// Takes `part` out of the root lot (see `Lot.take`); removes it when emptied.
    mutating func takeFromTop(_ part: LedgerNumber) -> (taken: LedgerNumber, share: LedgerNumber?, currency: String?) {
        let taken = min(part, lots[0].quantity)
        let currency = lots[0].currency
        let share = lots[0].take(taken)
        if lots[0].quantity.isZero { removeTop() }
        return (taken, share, currency)
    }

    /// The open lots oldest first (an opening lot, without a date, before every dated one); lots
    /// of one date in the order they would be taken. Costs are compared only between lots of one
    /// date, so listing thousands of lots stays a sort by date.
    var oldestFirst: [Lot] {
        lots.indices.sorted { one, other in
            let (a, b) = (lots[one].acquired?.date ?? .distantPast, lots[other].acquired?.date ?? .distantPast)
            return a != b ? a < b : precedes(one, other)
        }.map { lots[$0] }
    }

    private mutating func removeTop() {
        let last = lots.count - 1
        swapAt(0, last)
        lots.removeLast()
        sequence.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < lots.count else { return }
            var first = left
            if left + 1 < lots.count, precedes(left + 1, left) { first = left + 1 }
            guard precedes(first, parent) else { return }
            swapAt(first, parent)
            parent = first
        }
    }

    private mutating func swapAt(_ one: Int, _ other: Int) {
        lots.swapAt(one, other)
        sequence.swapAt(one, other)
    }

    /// Whether the lot at `one` is taken before the lot at `other`: it costs more per coin
    /// (compared by cross-multiplying, exact; a lot without a cost counts as cheapest), or costs
    /// the same and was acquired earlier.
    private func precedes(_ one: Int, _ other: Int) -> Bool {
        let (a, b) = (lots[one], lots[other])
        switch (a.costNumber, b.costNumber) {
        case (let costA?, let costB?):
            let left = costA * b.quantity
            let right = costB * a.quantity
            if left != right { return left > right }
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): break
        }
        return sequence[one] < sequence[other]
    }
}
