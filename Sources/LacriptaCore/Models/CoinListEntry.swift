import Foundation

/// A coin the source knows, as listed by a search or the full id list: enough to turn what a user
/// typed (`eth`) into the source's key (`ethereum`).
public struct CoinListEntry: Sendable, Equatable {
    /// The source's key for the coin (`ethereum`).
    public var id: String
    /// The ticker, upper case.
    ///
    /// Tickers are not unique: `/coins/list` has several `ETH`s.
    public var symbol: String
    /// The full name.
    public var name: String
    /// Position by market cap when the listing gives one (search does, the id list does not).
    public var marketCapRank: Int?

    /// Creates an entry.
    public init(id: String, symbol: String, name: String, marketCapRank: Int? = nil) {
        self.id = id
        self.symbol = symbol
        self.name = name
        self.marketCapRank = marketCapRank
    }

    /// The entries whose ticker, name or id is `query` (case-insensitive), best first: by market-cap
    /// rank (unranked last), then ticker matches before name matches, then listing order.
    ///
    /// Rank comes first because tickers are not unique and some are squatted: `eth` must pick
    /// Ethereum over unranked tokens with the same ticker, and `bitcoin` must pick Bitcoin over a
    /// lower-ranked token whose ticker is `BITCOIN`.
    public static func matches(for query: String, in entries: [CoinListEntry]) -> [CoinListEntry] {
        let wanted = query.trimmingCharacters(in: .whitespaces).lowercased()
        guard !wanted.isEmpty else { return [] }
        let scored = entries.enumerated().compactMap { index, entry -> (Int, Int, Int, CoinListEntry)? in
            let kind: Int
            if entry.symbol.lowercased() == wanted {
                kind = 0
            } else if entry.name.lowercased() == wanted || entry.id == wanted {
                kind = 1
            } else {
                return nil
            }
            return (kind, entry.marketCapRank ?? Int.max, index, entry)
        }
        return scored.sorted { ($0.1, $0.0, $0.2) < ($1.1, $1.0, $1.2) }.map(\.3)
    }
}
