import Foundation
import LacriptaNet

/// The news outlets' RSS and Atom feeds as a `NewsSource`: no key, no account.
///
/// Every feed is fetched at once, each under its own timeout, so a command waits about as long as
/// the slowest feed, not the sum. A feed that fails is reported in one line and the others are
/// still shown; only when every feed fails (with nothing cached) is the whole answer a failure.
/// Articles are merged and de-duplicated by `NewsMerger`; for one coin they are filtered by
/// `CoinMatcher`, except those from an outlet's own per-coin feed, which are about it by definition.
public struct FeedNews: NewsSource {
    private let outlets: [FeedOutlet]
    private let fetcher: FeedFetcher
    private let lookup: CoinLookup
    /// Told, after each fetch of the feeds, what each one answered (`lacripta feeds` shows it).
    public var onReport: (@Sendable ([FeedReport]) -> Void)?

    /// Creates the source over `outlets`, fetching through `transport` (each feed within
    /// `timeout`) and resolving coin names through `coins`.
    public init(
        outlets: [FeedOutlet], transport: any HTTPTransport, cache: ResponseCache?, timeout: TimeInterval, coins: CoinGeckoClient,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.outlets = outlets
        self.fetcher = FeedFetcher(transport: transport, cache: cache, timeout: timeout, now: now)
        self.lookup = CoinLookup(client: coins)
    }

    public func topic(for input: String, knownCoins: [Coin]) async throws -> NewsTopic? {
        do {
            guard let found = try await lookup.resolve(input, knownCoins: knownCoins) else { return nil }
            return NewsTopic(symbol: found.coin.symbol.uppercased(), name: found.coin.name, note: found.note)
        } catch let error as LacriptaError where error.exitCode == .unavailable || error.exitCode == .rateLimited {
            // Without a coin list the feeds can still be searched for the word as typed.
            let typed = input.trimmingCharacters(in: .whitespaces)
            // The error's own line ends in advice for a failed command; this command goes on.
            let why = error.exitCode == .rateLimited ? "CoinGecko's rate limit is reached" : "CoinGecko cannot be reached"
            let note = "\(why), so the coin list was not checked; matching '\(typed)' as typed"
            return NewsTopic(symbol: typed.uppercased(), name: typed.prefix(1).uppercased() + typed.dropFirst(), note: note)
        }
    }

    /// The feeds can only be read whole: every filter of `query` is applied to what they hold, and
    /// `before` can only cut their latest articles, never reach older ones (`olderPage` stays nil).
    /// An outlet named in `query` that is a configured feed's name is the only feed fetched;
    /// otherwise the articles are filtered by the name their feed gave (a feed named by its host).
    public func news(_ query: NewsQuery) async throws -> NewsBatch {
        // Only one coin has a per-coin feed worth its request; for several the general feeds are matched.
        let topic = query.topics.count == 1 ? query.topics.first : nil
        let chosen =
            query.outlet.map { wanted in outlets.filter { NewsOutlet(key: $0.name, name: $0.name).isNamed(wanted, allowingPrefix: true) } } ?? []
        let plan = (chosen.isEmpty ? outlets : chosen).map { outlet in (outlet, topic.flatMap { Self.coinFeed(of: outlet, for: $0) }) }
        let matchers = query.topics.map { CoinMatcher(symbol: $0.symbol, name: $0.name ?? "") }
        let results = await withTaskGroup(of: (Int, Result<Fetched<Feed>, LacriptaError>).self) { group in
            for (index, (outlet, coinFeed)) in plan.enumerated() {
                group.addTask { (index, await fetch(coinFeed ?? outlet)) }
            }
            var results = [Result<Fetched<Feed>, LacriptaError>?](repeating: nil, count: plan.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
        var lists: [[NewsArticle]] = []
        var answered: [String] = []
        var problems: [String] = []
        var fetchedAt: Date?
        var offline: [(outlet: String, reason: LacriptaError)] = []
        var outletSeen = false
        var reports: [FeedReport] = []
        defer { onReport?(reports) }
        for ((outlet, coinFeed), result) in zip(plan, results) {
            switch result {
            case .success(let fetched):
                reports.append(FeedReport(url: outlet.url.absoluteString, fetchedAt: fetched.fetchedAt, error: fetched.offlineReason?.userMessage))
                let name = outlet.displayName(feedTitle: fetched.value.title)
                var articles = fetched.value.articles.map { article in
                    var article = article
                    if article.source == outlet.name { article.source = name }
                    return article
                }
                if let problem = fetched.value.problem {
                    problems.append("\(problem.description); showing the \(articles.count) articles before it")
                }
                if !matchers.isEmpty, coinFeed == nil {
                    articles = articles.filter { article in matchers.contains { $0.matches(article) } }
                }
                articles = articles.filter { query.hasCategory($0) && query.isBefore($0) }
                if let wanted = query.outlet, chosen.isEmpty {
                    let isOutlet = { (source: String) in NewsOutlet(key: source, name: source).isNamed(wanted, allowingPrefix: true) }
                    if isOutlet(name) || articles.contains(where: { isOutlet($0.source) }) { outletSeen = true }
                    articles = articles.filter { isOutlet($0.source) }
                }
                lists.append(articles)
                if !answered.contains(name) { answered.append(name) }
                fetchedAt = min(fetchedAt ?? fetched.fetchedAt, fetched.fetchedAt)
                if let reason = fetched.offlineReason { offline.append((outlet.name, reason)) }
            case .failure(let error):
                problems.append("\(outlet.name): \(error.userMessage)")
                reports.append(FeedReport(url: outlet.url.absoluteString, fetchedAt: nil, error: error.userMessage))
            }
        }
        guard let fetchedAt else { throw Self.allFailed(plan, results) }
        if let wanted = query.outlet, chosen.isEmpty, !outletSeen {
            throw LacriptaError.usage(
                "--outlet \(wanted): none of the news feeds is that outlet (\(answered.joined(separator: ", "))); "
                    + "`lacripta news --categories` lists them")
        }
        // Offline as a whole (one notice) only when every feed that answered came from the cache;
        // otherwise each cached one is named among the problems.
        let wholeOffline = offline.count == lists.count ? offline.first?.reason : nil
        if wholeOffline == nil {
            problems += offline.map { "\($0.outlet): showing cached articles (\($0.reason.userMessage))" }
        }
        return NewsBatch(
            articles: NewsMerger.merge(lists), attribution: answered.joined(separator: ", "), fetchedAt: fetchedAt,
            offlineReason: wholeOffline, problems: problems)
    }

    /// The feeds' own categories (where their XML has `category` elements; CoinDesk's `tag` domain
    /// is tags, not categories), most used first, and the outlets that answered.
    public func directory() async throws -> NewsDirectory {
        let batch = try await news(NewsQuery())
        var counts: [String: (name: String, count: Int, first: Int)] = [:]
        var index = 0
        for category in batch.articles.flatMap(\.categories) {
            let key = category.lowercased()
            counts[key, default: (category, 0, index)].count += 1
            index += 1
        }
        let categories = counts.values.sorted { ($0.count, $1.first) > ($1.count, $0.first) }.map(\.name)
        var names: [String] = []
        for article in batch.articles where !names.contains(article.source) { names.append(article.source) }
        return NewsDirectory(
            categories: categories, outlets: names.map { NewsOutlet(key: $0, name: $0) }, attribution: "the feeds of \(batch.attribution)",
            problems: batch.problems)
    }

    private func fetch(_ outlet: FeedOutlet) async -> Result<Fetched<Feed>, LacriptaError> {
        do {
            return .success(try await fetcher.feed(of: outlet))
        } catch let error as LacriptaError {
            return .failure(error)
        } catch {
            return .failure(.unavailable("\(outlet.name): \(error)", setting: EnvironmentKey.newsFeeds.rawValue))
        }
    }

    /// The outlet's own feed for `topic`, when it has per-coin feeds (Cointelegraph's tag feeds,
    /// named by the coin's name in lower case with hyphens: `ethereum`, `shiba-inu`).
    static func coinFeed(of outlet: FeedOutlet, for topic: NewsTopic) -> FeedOutlet? {
        guard let name = topic.name, FeedOutlet.known(outlet.url)?.name == "Cointelegraph" else { return nil }
        return FeedOutlet.cointelegraph(tag: name.lowercased().split(separator: " ").joined(separator: "-"))
    }

    /// The failure when no feed answered: the cause decides the code (see `FeedFailures`).
    private static func allFailed(_ plan: [(FeedOutlet, FeedOutlet?)], _ results: [Result<Fetched<Feed>, LacriptaError>]) -> LacriptaError {
        if plan.isEmpty { return .configuration("no news feeds are configured: set \(EnvironmentKey.newsFeeds.rawValue) or `news_feeds`") }
        let failures = zip(plan, results).compactMap { step, result -> (outlet: String, error: LacriptaError)? in
            if case .failure(let error) = result { return (step.0.name, error) }
            return nil
        }
        return FeedFailures(failures: failures, count: plan.count).error
    }
}

/// What one fetch of one feed gave: when its articles were fetched (nil when it failed) and the
/// failure, if any (a cached copy standing in for a failed request has both).
public struct FeedReport: Sendable, Equatable {
    /// The feed's address as configured.
    public var url: String
    /// When the articles shown were fetched.
    public var fetchedAt: Date?
    /// What went wrong, in the user's words.
    public var error: String?

    /// Creates a report.
    public init(url: String, fetchedAt: Date?, error: String?) {
        self.url = url
        self.fetchedAt = fetchedAt
        self.error = error
    }
}
