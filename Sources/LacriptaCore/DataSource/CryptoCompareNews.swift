import Foundation

/// CryptoCompare's news API as a `NewsSource`: coins are news categories (tickers), resolved
/// through the category list and the toplist.
public struct CryptoCompareNews: NewsSource {
    private let client: CryptoCompareClient

    /// Creates the source over `client`.
    public init(client: CryptoCompareClient) {
        self.client = client
    }

    public func topic(for input: String, knownCoins: [Coin]) async throws -> NewsTopic? {
        let categories = try await client.newsCategories().value
        var coins = knownCoins.isEmpty ? client.cachedToplist(currency: "USD")?.coins ?? [] : knownCoins
        if let match = CoinResolver(categories: categories, coins: coins).category(for: input) { return topic(match, coins) }
        // Names of coins outside the news categories need the toplist; fetch it once (cached).
        coins = (try? await client.toplist(currency: "USD", limit: CryptoCompareClient.maximumToplistPage).value.coins) ?? []
        return CoinResolver(categories: categories, coins: coins).category(for: input).map { topic($0, coins) }
    }

    private func topic(_ category: String, _ coins: [Coin]) -> NewsTopic {
        NewsTopic(symbol: category, name: coins.first { $0.symbol.uppercased() == category }?.name)
    }

    public func news(about topic: NewsTopic?) async throws -> NewsBatch {
        let fetched = try await client.news(category: topic?.symbol)
        return NewsBatch(articles: fetched.value, attribution: "CryptoCompare", fetchedAt: fetched.fetchedAt, offlineReason: fetched.offlineReason)
    }
}
