import Foundation

extension CryptoCompareClient {
    /// The coin `input` names: a ticker or a name matched against the cached toplist, then the
    /// fetched one (one request for the top 100), then the full coin list (reused for a day).
    ///
    /// CryptoCompare keys coins by ticker, so a ticker names one coin; several coins can share a
    /// name, and the toplist's order (top-tier volume) picks among them before the list's order.
    /// Throws only when every list that could have named it failed to load.
    public func resolveCoin(_ input: String) async throws -> CoinLookup.Resolution? {
        if let cached = cachedToplist(currency: "USD")?.coins, let found = CoinLookup.pick(input, from: cached.map(CoinLookup.entry)) {
            return found
        }
        var failure: (any Error)?
        do {
            let top = try await toplist(currency: "USD", limit: Self.maximumToplistPage).value.coins
            if let found = CoinLookup.pick(input, from: top.map(CoinLookup.entry)) { return found }
        } catch {
            failure = error
        }
        do {
            return CoinLookup.pick(input, from: try await coinList().value)
        } catch {
            throw failure ?? error
        }
    }

    /// The detail of the coin keyed `id` (its ticker).
    public func detail(id: String, currency: String) async throws -> Fetched<CoinDetail> {
        try await detail(of: id, currency: currency)
    }

    /// Daily closes of the coin keyed `id` (its ticker).
    public func history(id: String, currency: String, days: Int) async throws -> Fetched<PriceHistory> {
        try await history(of: id, currency: currency, days: days)
    }
}
