import Foundation

/// Turns what a user typed for a coin (`eth`, `Ethereum`, `ethereum`) into one coin CoinGecko
/// knows, asking as little as possible: the coins already at hand, then the cached or fetched
/// toplist (one request for the top 250), then CoinGecko's search.
///
/// Tickers are not unique (several coins call themselves ETH). The coin with the largest market
/// cap wins, and the result says so when there were others.
public struct CoinLookup: Sendable {
    /// A resolved coin, with a remark for the user when the choice was not the only one.
    public struct Resolution: Sendable, Equatable {
        /// The coin chosen.
        public var coin: CoinListEntry
        /// "ETH names 3 coins; showing Ethereum, the largest by market cap", or nil.
        public var note: String?
    }

    private let client: CoinGeckoClient

    /// Creates a lookup over `client`.
    public init(client: CoinGeckoClient) {
        self.client = client
    }

    /// The coin `input` names, or nil when no list has it. Throws only when every list that
    /// could have named it failed to load (the caller decides whether to go on without it).
    public func resolve(_ input: String, knownCoins: [Coin] = []) async throws -> Resolution? {
        let local = knownCoins.isEmpty ? client.cachedToplist(currency: "USD")?.coins ?? [] : knownCoins
        if let found = Self.pick(input, from: local.map(Self.entry)) { return found }
        var failure: (any Error)?
        do {
            let top = try await client.toplist(currency: "USD", limit: CoinGeckoEndpoint.maximumPage).value.coins
            if let found = Self.pick(input, from: top.map(Self.entry)) { return found }
        } catch {
            failure = error
        }
        do {
            return Self.pick(input, from: try await client.search(input).value)
        } catch {
            throw failure ?? error
        }
    }

    /// The best of `entries` for `input`, with a note when others share its ticker.
    static func pick(_ input: String, from entries: [CoinListEntry]) -> Resolution? {
        let matches = CoinListEntry.matches(for: input, in: entries)
        guard let best = matches.first else { return nil }
        let namesakes = matches.filter { $0.symbol.uppercased() == best.symbol.uppercased() }.count
        let note =
            namesakes > 1 && best.symbol.caseInsensitiveCompare(input.trimmingCharacters(in: .whitespaces)) == .orderedSame
            ? "\(best.symbol.uppercased()) names \(namesakes) coins; showing \(best.name), the largest by market cap" : nil
        return Resolution(coin: best, note: note)
    }

    /// A toplist coin as a list entry; its rank is the toplist's (market cap for CoinGecko).
    static func entry(_ coin: Coin) -> CoinListEntry {
        CoinListEntry(id: coin.sourceID ?? coin.symbol.lowercased(), symbol: coin.symbol.uppercased(), name: coin.name, marketCapRank: coin.rank)
    }
}
