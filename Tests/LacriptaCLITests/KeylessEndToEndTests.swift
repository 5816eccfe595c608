import Foundation
import LacriptaSimulator
import Testing

/// The built binary with no CryptoCompare key, against the simulated CoinGecko and news feeds:
/// what a person without a subscription sees.
@Suite("keyless end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct KeylessEndToEndTests {
    /// A CoinGecko demo key that must never appear in any output, file or cache.
    static let demoKey = "CG-demo-sekrit-0123"

    final class Fixture: EndToEndFixture {
        init() throws {
            try super.init("keyless", simulator: SimulatorHarness.start())
        }

        /// The environment: no CryptoCompare key, CoinGecko and the feeds on the simulator.
        var environment: [String: String] {
            environment(with: [
                "LACRIPTA_COINGECKO_URL": simulator.coinGeckoBaseURL.absoluteString,
                "LACRIPTA_NEWS_FEEDS": feeds.map(\.absoluteString).joined(separator: ","),
                "COINGECKO_API_KEY": KeylessEndToEndTests.demoKey, "COLUMNS": "100",
            ])
        }

        /// Four outlets of different shapes (RSS with CDATA, WordPress with odd dates, Atom).
        var feeds: [URL] { [.coinDesk, .coinTelegraph, .decrypt, .cryptoSlate, .blockworks].map(simulator.feedURL) }

        func run(_ arguments: String...) async throws -> BinaryRunner.Result {
            let result = try await BinaryRunner.run(arguments, environment: environment)
            #expect(!result.stdout.contains(KeylessEndToEndTests.demoKey))
            #expect(!result.stderr.contains(KeylessEndToEndTests.demoKey))
            return result
        }
    }

    @Test("top: CoinGecko's toplist, the source named under the table, the demo key sent only as a header")
    func top() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("top", "-n", "10")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n")
        try #require(lines.count == 12)
        #expect(lines[1].contains("BTC") && lines[1].contains("Bitcoin"))
        #expect(lines.last == "CoinGecko, ranked by market cap")
        let requests = fixture.simulator.coinGecko.requestLog
        #expect(!requests.isEmpty && fixture.simulator.rest.requestLog.isEmpty)
        #expect(requests.allSatisfy { $0.hasDemoKeyHeader && $0.userAgent?.hasPrefix("lacripta/") == true })
        #expect(requests.allSatisfy { record in !record.queryItems.contains { $0.value.contains(KeylessEndToEndTests.demoKey) } })
        // The cache holds bodies only: neither the key nor anything derived from it is stored.
        let cache = fixture.home.appendingPathComponent("cache")
        for file in FileManager.default.enumerator(atPath: cache.path)?.compactMap({ $0 as? String }) ?? [] {
            guard let data = FileManager.default.contents(atPath: cache.appendingPathComponent(file).path) else { continue }
            #expect(!String(decoding: data, as: UTF8.self).contains(KeylessEndToEndTests.demoKey), "\(file)")
            #expect(!file.contains(KeylessEndToEndTests.demoKey))
        }
    }

    @Test("top --json carries source CoinGecko on every coin; --change day is a usage error naming what it has")
    func json() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("top", "--json", "-n", "5")
        #expect(result.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 5)
        #expect(items.allSatisfy { $0["source"] as? String == "CoinGecko" })
        let day = try await fixture.run("top", "--change", "day")
        #expect(day.status == 64)
        #expect(day.stderr.contains("CoinGecko has no such figure; it offers 24h or hour"))
    }

    @Test("news ethereum --sort oldest: articles about Ethereum from the feeds, oldest first, undated last, outlets named")
    func newsOldest() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("news", "ethereum", "--sort", "oldest", "--json")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(!items.isEmpty)
        let dates = items.compactMap { $0["publishedAt"] as? String }
        #expect(dates == dates.sorted())
        #expect(
            items.allSatisfy { item in
                let text = "\(item["title"] ?? "") \(item["body"] ?? "") \(item["categories"] ?? "") \(item["tags"] ?? "")"
                return text.contains("Ethereum") || text.contains("ETH") || text.lowercased().contains("ethereum")
            })
        let plain = try await fixture.run("news", "ethereum")
        #expect(plain.stdout.split(separator: "\n").last?.hasPrefix("News from ") == true)
    }

    @Test("news --show 1 and --share write the article; the file holds no control characters")
    func showAndShare() async throws {
        let fixture = try Fixture()
        let shown = try await fixture.run("news", "--show", "1")
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("Source") && shown.stdout.contains("URL"))
        let path = fixture.home.appendingPathComponent("first.md").path
        let shared = try await fixture.run("news", "bitcoin", "--show", "1", "--share", path)
        #expect(shared.status == 0)
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(file.hasPrefix("# "))
        #expect(!file.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("a feed that fails is named on stderr and the others are shown; all failing, most out of reach, exits 69")
    func failingFeeds() async throws {
        let fixture = try Fixture()
        fixture.simulator.feeds.setFault(.down, for: .decrypt)
        fixture.simulator.feeds.setFault(.billionLaughs, for: .coinDesk)
        let some = try await fixture.run("news")
        #expect(some.status == 0)
        // Feeds no table knows are named by host and path until their title is read.
        let lines = some.stderr.split(separator: "\n")
        #expect(lines.contains { $0.contains("/feeds/decrypt.xml") && $0.contains("503") })
        #expect(lines.contains { $0.contains("/feeds/coindesk.xml feed declares its own XML entities") })
        #expect(lines.count == 2)
        #expect(some.stdout.contains("Cointelegraph"))
        // With every feed down the cached answers stand in, marked offline; with none cached it is 69
        // (CoinDesk's own fault, the entities, stands: the outage decides, and CoinDesk is named).
        fixture.simulator.feeds.setFault(.down)
        let cached = try await fixture.run("news")
        #expect(cached.status == 0)
        #expect(cached.stderr.contains("offline: data from"))
        try FileManager.default.removeItem(at: fixture.home.appendingPathComponent("cache"))
        let none = try await fixture.run("news")
        #expect(none.status == 69)
        #expect(none.stderr.contains("none of the 5 news feeds could be read ("))
        #expect(none.stderr.contains("/feeds/coindesk.xml for another reason): "))
        #expect(none.stderr.contains("answered HTTP 503"))
    }

    @Test("CoinGecko's 429 exits 75 saying when to retry")
    func rateLimited() async throws {
        let fixture = try Fixture()
        fixture.simulator.coinGecko.setFault(.rateLimited(retryAfter: 119))
        let result = try await fixture.run("top")
        #expect(result.status == 75)
        #expect(result.stderr.contains("CoinGecko rate limit reached: retry in 2 minutes"))
    }
}
