import Foundation

/// The column the toplist is sorted by.
public enum CoinOrder: String, Sendable, CaseIterable {
    /// By rank (top-tier volume), as the service sends it.
    case rank
    /// By price, highest first.
    case price
    /// By percent change over the chosen period, biggest gain first.
    case change
    /// By name, A to Z.
    case name
    /// By 24h volume, highest first.
    case volume
    /// By market capitalisation, highest first.
    case marketCap = "mcap"

    /// The next column in the interactive view's cycle.
    public var next: CoinOrder {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }

    /// `coins` in this order (reversed when `reversed`). Coins lacking the sorted figure go last
    /// in either direction, so a missing RAW block never floats to the top; ties keep rank order.
    public func apply(to coins: [Coin], period: ChangePeriod, reversed: Bool = false) -> [Coin] {
        func key(_ coin: Coin) -> Double? {
            switch self {
            case .rank: Double(coin.rank)
            case .price: coin.quote?.price
            case .change: coin.quote?.changePercent(over: period)
            case .volume: coin.quote?.volume24h
            case .marketCap: coin.quote?.marketCap
            case .name: nil
            }
        }
        // The natural direction: ascending for rank and name, descending for figures.
        let ascending = (self == .rank || self == .name) != reversed
        return coins.sorted { a, b in
            if self == .name {
                let order = a.name.localizedCaseInsensitiveCompare(b.name)
                if order != .orderedSame { return ascending ? order == .orderedAscending : order == .orderedDescending }
                return a.rank < b.rank
            }
            switch (key(a), key(b)) {
            case (nil, nil): return a.rank < b.rank
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?):
                if x != y { return ascending ? x < y : x > y }
                return a.rank < b.rank
            }
        }
    }
}
