import Foundation

/// CryptoCompare's news API as a `NewsSource`: coins are news categories (tickers), resolved
/// through the category list and the toplist.
///
/// A query goes to the service as far as it can: the coins as `categories` (a comma list, which
/// the service reads as any of them), or the category alone when there are no coins; the outlet
/// as `feeds` (its key, found through `/data/news/feeds`); `before` as `lTs`. A category asked for
/// together with coins is applied here, since the service's list means "any of", not "and".
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

    public func news(_ query: NewsQuery) async throws -> NewsBatch {
        let coins = query.topics.map(\.symbol)
        let category = coins.isEmpty ? query.category?.trimmingCharacters(in: .whitespaces).uppercased() : coins.joined(separator: ",")
        var feeds: String?
        if let outlet = query.outlet { feeds = try await feedKey(outlet) }
        let fetched = try await client.news(category: category.flatMap { $0.isEmpty ? nil : $0 }, feeds: feeds, before: query.before)
        let oldest = fetched.value.filter(\.isDated).map(\.publishedOn).min()
        return NewsBatch(
            articles: fetched.value.filter(query.hasCategory), attribution: "CryptoCompare", fetchedAt: fetched.fetchedAt,
            offlineReason: fetched.offlineReason, olderPage: oldest)
    }

    public func directory() async throws -> NewsDirectory {
        let categories = try await client.newsCategories().value.map(\.name)
        let outlets = try await client.newsFeeds().value
        return NewsDirectory(categories: categories, outlets: outlets, attribution: "CryptoCompare")
    }

    /// The feed key of the outlet `input` names (key or name, any case); an outlet the service
    /// does not list is a usage error that says where the list is.
    private func feedKey(_ input: String) async throws -> String {
        let outlets = try await client.newsFeeds().value
        // A key is exact ("coindesk_es"); a name can be shared (both CoinDesk feeds are "CoinDesk").
        let byKey = outlets.first { $0.key.caseInsensitiveCompare(input.trimmingCharacters(in: .whitespaces)) == .orderedSame }
        let byName = outlets.first { $0.isNamed(input) } ?? outlets.first { $0.isNamed(input, allowingPrefix: true) }
        guard let outlet = byKey ?? byName else {
            throw LacriptaError.usage(
                "--outlet \(input): CryptoCompare has no such news outlet; `lacripta news --categories` lists them")
        }
        return outlet.key
    }
}
