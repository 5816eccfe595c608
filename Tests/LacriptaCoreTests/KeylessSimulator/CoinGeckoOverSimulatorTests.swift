import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaSimulator
import Testing

/// The CoinGecko decoders and failure classification against the simulated CoinGecko, over the
/// real transport and sockets: what the simulator serves is what lacripta can read.
@Suite("CoinGecko decoders against the simulator")
struct CoinGeckoOverSimulatorTests {
    /// What lacripta sends as its User-Agent (CoinGecko refuses requests without one).
    private static let userAgent = ["user-agent": "lacripta-tests/1.0"]

    /// GETs `path` below the simulator's CoinGecko base URL with `query`.
    private func get(
        _ simulator: Simulator, _ path: String, _ query: [String: String] = [:], headers: [String: String] = userAgent
    ) async throws -> LacriptaNet.HTTPResponse {
        var components = try #require(URLComponents(url: simulator.coinGeckoBaseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false))
        components.queryItems = query.isEmpty ? nil : query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let url = try #require(components.url)
        return try await NativeHTTPTransport().get(LacriptaNet.HTTPRequest(url: url, headers: headers, timeout: 30))
    }

    private static let toplistQuery = [
        "vs_currency": "usd", "order": "market_cap_desc", "per_page": "50", "page": "1", "price_change_percentage": "1h,24h,7d",
        "sparkline": "false",
    ]

    @Test("The toplist request lacripta makes decodes into fifty coins with the recorded quirks")
    func markets() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let response = try await get(simulator, "coins/markets", Self.toplistQuery)
        #expect(response.status == 200)
        #expect(CoinGeckoFailure.classify(status: response.status, contentType: response.headers["content-type"], body: response.body) == nil)
        let toplist = try CoinGeckoMarketsResponse.decode(response.body, currency: "USD")
        #expect(toplist.coins.count == 50)
        #expect(toplist.coins.map(\.rank) == Array(1...50))
        #expect(toplist.coins.prefix(3).map(\.symbol) == ["BTC", "ETH", "USDT"])
        #expect(toplist.coins[0].quote?.price == 79092)
        #expect(toplist.coins[0].quote?.changePercentHour == 0.130387979423434)
        let frontier = try #require(toplist.coins.first { $0.sourceID == "frontier-token" })
        #expect(frontier.quote?.changePercentHour == nil && frontier.quote?.changePercent24h != nil)
        #expect(toplist.coins.last?.quote?.price == nil)
    }

    @Test("A second page and another currency decode with their ranks and converted prices")
    func pageAndCurrency() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        var query = Self.toplistQuery
        (query["per_page"], query["page"], query["vs_currency"]) = ("20", "2", "eur")
        let response = try await get(simulator, "coins/markets", query)
        let page = try CoinGeckoMarketsResponse.decode(response.body, currency: "EUR", rankOffset: 20)
        #expect(page.coins.map(\.rank) == Array(21...40))
        let usd = try CoinGeckoMarketsResponse.decode(try await get(simulator, "coins/markets", Self.toplistQuery).body, currency: "USD")
        let eurPrice = try #require(page.coins.first?.quote?.price)
        let usdPrice = try #require(usd.coins[20].quote?.price)
        #expect(eurPrice < usdPrice && eurPrice > usdPrice * 0.7)
    }

    @Test("Coin detail decodes for a recorded coin and for one built from its markets item", arguments: ["ethereum", "solana"])
    func detail(id: String) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let flags = [
            "localization": "false", "tickers": "false", "market_data": "true", "community_data": "false", "developer_data": "false",
            "sparkline": "false",
        ]
        let detail = try CoinGeckoCoinResponse.decode(try await get(simulator, "coins/\(id)", flags).body, currency: "usd")
        #expect(detail.id == id)
        #expect(detail.quote.price != nil && detail.allTimeHigh?.date != nil && detail.marketCapRank != nil)
    }

    @Test("Charts decode: the recorded month and a generated quarter, oldest first and ending now")
    func charts() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let month = try CoinGeckoMarketChartResponse.decode(
            try await get(simulator, "coins/bitcoin/market_chart", ["vs_currency": "usd", "days": "30", "interval": "daily"]).body)
        #expect(month.points.count == 31)
        let quarter = try CoinGeckoMarketChartResponse.decode(
            try await get(simulator, "coins/ethereum/market_chart", ["vs_currency": "usd", "days": "90"]).body)
        #expect(quarter.points.count == 2161)
        #expect(quarter.points.map(\.date) == quarter.points.map(\.date).sorted())
        #expect(quarter.points.last?.close == 2392.91)
        #expect(quarter.dailyCloses().points.count <= 91)
    }

    @Test("Search and the id list decode; a ticker the user types maps to its id")
    func lookups() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let found = try CoinGeckoSearchResponse.decode(try await get(simulator, "search", ["query": "sol"]).body)
        #expect(found.first?.id == "solana" && found.first?.symbol == "SOL" && found.first?.marketCapRank == 5)
        #expect(try CoinGeckoSearchResponse.decode(try await get(simulator, "search", ["query": "zzzz"]).body).isEmpty)
        let list = try CoinGeckoCoinListResponse.decode(try await get(simulator, "coins/list").body)
        #expect(list.filter { $0.symbol == "ETH" }.count == 3)
        #expect(list.contains { $0.id == "the-open-network" && $0.symbol == "TON" })
    }

    @Test(
        "Error answers are classified as the reference says",
        arguments: [
            ("coins/no-such-coin", ["localization": "false"], CoinGeckoFailure.Kind.coinNotFound, 404),
            ("coins/markets", ["vs_currency": "usdt"], .invalidCurrency, 400),
            ("coins/bitcoin/market_chart", ["vs_currency": "usd", "days": "max"], .historyLimit, 401),
            ("no/such/path", [:], .notFound, 404),
        ])
    func errors(path: String, query: [String: String], kind: CoinGeckoFailure.Kind, status: Int) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let response = try await get(simulator, path, query)
        #expect(response.status == status)
        let failure = CoinGeckoFailure.classify(status: response.status, contentType: response.headers["content-type"], body: response.body)
        #expect(failure?.kind == kind)
    }

    @Test("A request without a User-Agent is refused and classified as our bug")
    func noUserAgent() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let response = try await get(simulator, "ping", headers: [:])
        #expect(response.status == 403)
        let failure = CoinGeckoFailure.classify(status: response.status, contentType: response.headers["content-type"], body: response.body)
        #expect(failure?.kind == .userAgentRequired)
    }

    @Test("429 with Retry-After, without it, and the Cloudflare ban reach the client as such")
    func limits() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        simulator.coinGecko.setFault(.rateLimited(retryAfter: 119), count: 1)
        let limited = try await get(simulator, "coins/markets", Self.toplistQuery)
        #expect(limited.status == 429 && limited.retryAfter == .delay(seconds: 119))
        let failure = CoinGeckoFailure.classify(status: limited.status, contentType: limited.headers["content-type"], body: limited.body)
        #expect(failure?.kind == .rateLimited && failure?.errorCode == 429)
        #expect(try await get(simulator, "coins/markets", Self.toplistQuery).status == 200)
        simulator.coinGecko.setFault(.rateLimitedWithoutRetryAfter)
        let bare = try await get(simulator, "coins/markets", Self.toplistQuery)
        #expect(bare.status == 429 && bare.retryAfter == nil)
        simulator.coinGecko.setFault(.cloudflare)
        let banned = try await get(simulator, "ping")
        #expect(CoinGeckoFailure.classify(status: banned.status, contentType: banned.headers["content-type"], body: banned.body)?.kind == .blocked)
    }
}
