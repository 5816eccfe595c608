import Foundation
import LacriptaSimulator
import Testing

/// `news --following`, `--page`, `--before`, `--category`, `--outlet` and `--categories` with the
/// built binary against the simulator, on CryptoCompare (paging by `lTs`) and on the feeds.
@Suite("news following and paging end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct NewsFollowingEndToEndTests {
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case cryptoCompare, feeds
        var testDescription: String { rawValue }
    }

    final class Fixture: EndToEndFixture {
        let source: Source

        init(_ source: Source) throws {
            self.source = source
            try super.init("newsfollow", simulator: SimulatorHarness.start())
        }

        var environment: [String: String] {
            let feeds = [SimulatedFeed.coinDesk, .coinTelegraph, .decrypt, .theBlock].map(simulator.feedURL).map(\.absoluteString)
            let extra =
                switch source {
                case .cryptoCompare: cryptoCompare
                case .feeds: coinGecko.merging(["LACRIPTA_NEWS_FEEDS": feeds.joined(separator: ",")]) { $1 }
                }
            return environment(with: extra.merging(["COLUMNS": "120"]) { $1 })
        }

        func run(_ arguments: String...) async throws -> BinaryRunner.Result {
            try await BinaryRunner.run(arguments, environment: environment)
        }

        func items(_ arguments: String...) async throws -> [[String: Any]] {
            let result = try await BinaryRunner.run(arguments + ["--json"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        }

        /// The query items of the news requests CryptoCompare saw.
        var newsRequests: [SimulatorRequestRecord] { simulator.rest.requestLog.filter { $0.path == "/data/v2/news/" } }
    }

    private static func dates(_ items: [[String: Any]]) -> [Date] {
        items.compactMap { ($0["publishedAt"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) } }
    }

    @Test("with nothing followed: a clear message on how to add favourites, no news asked for", arguments: Source.allCases)
    func nothingFollowed(source: Source) async throws {
        let fixture = try Fixture(source)
        let result = try await fixture.run("news", "--following")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("You follow no coins yet") && result.stderr.contains("lacripta fav add"))
        #expect(try await fixture.run("news", "--following", "--json").stdout == "[]\n")
        #expect(fixture.newsRequests.isEmpty)
        let conflict = try await fixture.run("news", "eth", "--following")
        #expect(conflict.status == 64)
    }

    @Test("--following: news of favourites and holdings, each line naming your coins; ranked unless --sort", arguments: Source.allCases)
    func following(source: Source) async throws {
        let fixture = try Fixture(source)
        #expect(try await fixture.run("fav", "add", "BTC", "ADA").status == 0)
        #expect(try await fixture.run("holdings", "set", "ETH", "1").status == 0)
        let ranked = try await fixture.items("news", "--following", "-n", "100")
        #expect(!ranked.isEmpty)
        let coins = ranked.map { $0["coins"] as? [String] ?? [] }
        #expect(coins.allSatisfy { !$0.isEmpty && Set($0).isSubset(of: ["ETH", "BTC", "ADA"]) })
        #expect(coins.contains { $0.contains("ETH") } && coins.contains { $0.contains("BTC") })
        let text = try await fixture.run("news", "--following")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("about ETH (held)"))
        let shown = try await fixture.run("news", "--following", "--show", "1")
        #expect(shown.status == 0 && shown.stdout.contains("Your coins: "))
        let latest = try await fixture.items("news", "--following", "--sort", "latest", "-n", "100")
        #expect(Self.dates(latest) == Self.dates(latest).sorted(by: >))
        #expect(Set(latest.compactMap { $0["id"] as? String }) == Set(ranked.compactMap { $0["id"] as? String }))
        switch source {
        case .cryptoCompare:
            // One request for all three, as the service's comma list of categories.
            let asked = try #require(fixture.newsRequests.last?.queryValue("categories"))
            #expect(Set(asked.split(separator: ",")) == ["ETH", "BTC", "ADA"])
            // Cardano's sidechain story is about ETH (held) and ADA: it rises above a newer one about ETH alone.
            let ids = ranked.compactMap { $0["id"] as? String }
            let both = try #require(ids.firstIndex(of: "9051847"))
            let alone = try #require(ids.firstIndex(of: "9051971"))
            #expect(both < alone)
            let plain = latest.compactMap { $0["id"] as? String }
            #expect(try #require(plain.firstIndex(of: "9051971")) < #require(plain.firstIndex(of: "9051847")))
        case .feeds:
            break
        }
        // The rule as a user can check it: each extra coin, and a held one, counts as two hours newer.
        let scores = ranked.compactMap { item -> Double? in
            guard let date = (item["publishedAt"] as? String).flatMap({ ISO8601DateFormatter().date(from: $0) }) else { return nil }
            let about = item["coins"] as? [String] ?? []
            return date.timeIntervalSince1970 + 7200 * Double(about.count - 1 + (about.contains("ETH") ? 1 : 0))
        }
        #expect(scores == scores.sorted(by: >))
    }

    @Test("CryptoCompare: --page walks back by lTs to older articles, and past the end says where it ends")
    func pagingCryptoCompare() async throws {
        let fixture = try Fixture(.cryptoCompare)
        let first = try await fixture.items("news", "eth", "-n", "100")
        let second = try await fixture.items("news", "eth", "--page", "2", "-n", "100")
        #expect(second.count == 50)
        let oldestFirst = try #require(Self.dates(first).min())
        #expect(Self.dates(second).allSatisfy { $0 < oldestFirst })
        #expect(fixture.newsRequests.last?.queryValue("lTs") == String(Int(oldestFirst.timeIntervalSince1970)))
        let third = try await fixture.items("news", "eth", "--page", "3", "-n", "100")
        #expect(third.count == 40 && Self.dates(third).allSatisfy { $0 < Self.dates(second).min() ?? .distantPast })
        let fourth = try await fixture.run("news", "eth", "--page", "4")
        #expect(fourth.status == 0 && fourth.stdout.isEmpty)
        #expect(fourth.stderr.contains("CryptoCompare has no page 4 of this news; it ends at page 3"))

        let before = try await fixture.items("news", "--before", "2023-02-08T12:00:00Z", "-n", "100")
        #expect(fixture.newsRequests.last?.queryValue("lTs") == "1675857600")
        #expect(!before.isEmpty && Self.dates(before).allSatisfy { $0 < Date(timeIntervalSince1970: 1_675_857_600) })
        #expect(try await fixture.run("news", "--before", "yesterday").status == 64)
    }

    @Test("CryptoCompare: --category and --outlet go to the service; --categories lists both")
    func filtersCryptoCompare() async throws {
        let fixture = try Fixture(.cryptoCompare)
        let technology = try await fixture.items("news", "--category", "technology")
        #expect(fixture.newsRequests.last?.queryValue("categories") == "TECHNOLOGY")
        #expect(technology.count == 3)
        #expect(technology.allSatisfy { ($0["categories"] as? [String])?.contains("TECHNOLOGY") == true })
        // With a coin the category is applied here: the service's list would mean "either".
        let ethTrading = try await fixture.items("news", "eth", "--category", "Trading")
        #expect(fixture.newsRequests.last?.queryValue("categories") == "ETH")
        #expect(!ethTrading.isEmpty && ethTrading.allSatisfy { ($0["categories"] as? [String])?.contains("TRADING") == true })

        let coindesk = try await fixture.items("news", "--outlet", "CoinDesk")
        #expect(fixture.newsRequests.last?.queryValue("feeds") == "coindesk")
        #expect(coindesk.map { $0["source"] as? String } == ["CoinDesk"])
        let unknown = try await fixture.run("news", "--outlet", "nosuchoutlet")
        #expect(unknown.status == 64 && unknown.stderr.contains("news --categories"))

        let listed = try await fixture.run("news", "--categories")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("\n  BTC\n") && listed.stdout.contains("  coindesk "))
        let json = try await fixture.run("news", "--categories", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["categories"] as? [String])?.contains("REGULATION") == true)
        #expect((object["outlets"] as? [[String: String]])?.contains { $0["key"] == "decrypt" && $0["name"] == "Decrypt" } == true)
        let withCoin = try await fixture.run("news", "eth", "--categories")
        #expect(withCoin.status == 64 && withCoin.stderr.contains("it takes no COIN"))
        let withPage = try await fixture.run("news", "--categories", "--page", "2")
        #expect(withPage.status == 64 && withPage.stderr.contains("it takes no --page"))
    }

    @Test("feeds: one page only, said on stderr; --before cuts what they hold; filters by category and outlet")
    func feeds() async throws {
        let fixture = try Fixture(.feeds)
        let second = try await fixture.run("news", "--page", "2")
        #expect(second.status == 0 && second.stdout.isEmpty)
        #expect(second.stderr.contains("feeds hold only their latest articles, one page; there is no page 2"))

        let all = try await fixture.items("news", "-n", "100")
        let sorted = Self.dates(all).sorted()
        let cut = sorted[sorted.count / 2]
        let stamp = ISO8601DateFormatter().string(from: cut)
        let before = try await fixture.run("news", "--before", stamp, "-n", "100", "--json")
        #expect(before.stderr.contains("feeds hold only their latest articles"))
        let older = try #require(try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [[String: Any]])
        #expect(!older.isEmpty && Self.dates(older).allSatisfy { $0 < cut })

        let decrypt = try await fixture.items("news", "--outlet", "decrypt", "-n", "100")
        #expect(!decrypt.isEmpty && decrypt.allSatisfy { $0["source"] as? String == "Decrypt" })
        let bitcoin = try await fixture.items("news", "--category", "bitcoin", "-n", "100")
        #expect(!bitcoin.isEmpty)
        #expect(
            bitcoin.allSatisfy { item in
                ((item["categories"] as? [String] ?? []) + (item["tags"] as? [String] ?? [])).contains { $0.lowercased() == "bitcoin" }
            })
        let listed = try await fixture.run("news", "--categories", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        #expect((object["categories"] as? [String])?.contains("Bitcoin") == true)
        #expect((object["outlets"] as? [[String: String]])?.contains { $0["name"] == "Decrypt" } == true)
        #expect(try await fixture.run("news", "--outlet", "nosuchoutlet").status == 64)
    }
}
