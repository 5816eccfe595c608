import Foundation

/// Turns what a user typed for a coin (`ETH`, `ethereum`, `Ethereum`) into the news category to
/// ask for, using data lacripta already has: the toplist and the service's news categories.
public struct CoinResolver: Sendable {
    private let categories: [NewsCategory]
    private let coins: [Coin]

    /// Creates a resolver over the news categories and a toplist (either may be empty).
    public init(categories: [NewsCategory], coins: [Coin]) {
        self.categories = categories
        self.coins = coins
    }

    /// The category (an upper-case ticker) for `input`, or nil when nothing matches.
    ///
    /// Exact ticker matches win over names, so `ETH` never resolves through a word list; names
    /// match whole, case-insensitively, never by prefix ("bit" must not pick Bitcoin).
    public func category(for input: String) -> String? {
        let wanted = input.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return nil }
        let upper = wanted.uppercased()
        if categories.contains(where: { $0.name.uppercased() == upper }) || coins.contains(where: { $0.symbol.uppercased() == upper }) {
            return upper
        }
        if let coin = coins.first(where: { $0.name.caseInsensitiveCompare(wanted) == .orderedSame }) {
            return coin.symbol.uppercased()
        }
        // Broad topics (CRYPTOCURRENCY) list coin names far down their word lists, while a coin's own
        // category names it right after its ticker; the earliest match is the coin's category.
        let ranked = categories.compactMap { category -> (String, Int)? in
            guard let position = category.words.firstIndex(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) else { return nil }
            return (category.name.uppercased(), position)
        }
        return ranked.min { $0.1 < $1.1 }?.0
    }
}
