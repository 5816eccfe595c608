import Foundation
import LacriptaSimulator
import Testing

/// `news` from feeds exits with the code of why the feeds failed, not of how many there were
/// (issue 23): one feed or several, a rate limit is 75, bad data 65, unreachable 69.
@Suite("news exit codes end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct NewsExitCodeEndToEndTests {
    final class Fixture {
        let simulator: Simulator
        let home: URL

        init() throws {
            simulator = try SimulatorHarness.start()
            home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-newsexit-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        }

        deinit {
            simulator.stop()
            try? FileManager.default.removeItem(at: home)
        }

        /// Runs `news` reading `feeds` only, with nothing cached (each run gets its own cache).
        func news(_ feeds: [SimulatedFeed]) async throws -> BinaryRunner.Result {
            try? FileManager.default.removeItem(at: home.appendingPathComponent("cache"))
            let environment = BinaryRunner.environment(
                home: home,
                extra: [
                    "LACRIPTA_COINGECKO_URL": simulator.coinGeckoBaseURL.absoluteString,
                    "LACRIPTA_NEWS_FEEDS": feeds.map { simulator.feedURL($0).absoluteString }.joined(separator: ","), "COLUMNS": "100",
                ])
            return try await BinaryRunner.run(["news"], environment: environment)
        }
    }

    @Test(
        "one feed: the cause decides the code, in one line on stderr",
        arguments: [
            (FeedFault.rateLimited, Int32(75), "rate limit reached", "retry in 2 minutes"),
            (.down, 69, "answered HTTP 503", "try again"),
            (.notFound, 64, "has no feed at", "LACRIPTA_NEWS_FEEDS"),
            (.forbidden, 69, "refused the request (HTTP 403)", "block automated readers"),
            (.malformed, 65, "feed is not valid XML", "line 3"),
            (.html, 65, "answered with a web page instead of RSS or Atom", "feed"),
            (.utf7, 65, "declares an encoding lacripta does not read (utf-7)", "UTF-8"),
            (.billionLaughs, 65, "declares its own XML entities", "safety"),
        ])
    func oneFeed(fault: FeedFault, status: Int32, cause: String, advice: String) async throws {
        let fixture = try Fixture()
        fixture.simulator.feeds.setFault(fault, for: .decrypt)
        let result = try await fixture.news([.decrypt])
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.contains(cause))
        #expect(result.stderr.contains(advice))
        #expect(!result.stderr.contains("INJECTED"))
    }

    @Test("two feeds failing the same way give that cause's code, not 69 for 'several'")
    func sameCause() async throws {
        let fixture = try Fixture()
        fixture.simulator.feeds.setFault(.rateLimited)
        let limited = try await fixture.news([.decrypt, .coinDesk])
        #expect(limited.status == 75)
        #expect(limited.stderr.contains("all 2 news feeds are limiting requests (HTTP 429): retry in 2 minutes."))
        #expect(limited.stderr.split(separator: "\n").count == 1)
        fixture.simulator.feeds.setFault(.malformed, for: .decrypt)
        fixture.simulator.feeds.setFault(.html, for: .coinDesk)
        let bad = try await fixture.news([.decrypt, .coinDesk])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("none of the 2 news feeds sent a feed lacripta can read"))
        // A feed's own fault beats the all-feeds one: clear them first.
        fixture.simulator.feeds.setFault(nil, for: .decrypt)
        fixture.simulator.feeds.setFault(nil, for: .coinDesk)
        fixture.simulator.feeds.setFault(.down)
        let down = try await fixture.news([.decrypt, .coinDesk])
        #expect(down.status == 69)
        #expect(down.stderr.contains("none of the 2 news feeds answered"))
    }

    @Test("mixed causes: the most temporary decides (a rate limit over an outage over bad data), naming the rest")
    func mixedCauses() async throws {
        let fixture = try Fixture()
        fixture.simulator.feeds.setFault(.rateLimited, for: .decrypt)
        fixture.simulator.feeds.setFault(.html, for: .coinDesk)
        let limited = try await fixture.news([.decrypt, .coinDesk])
        #expect(limited.status == 75)
        #expect(limited.stderr.contains("is limiting requests (HTTP 429)"))
        #expect(limited.stderr.contains("(127.0.0.1:\(fixture.simulator.restPort)/feeds/coindesk.xml for another reason)"))
        #expect(limited.stderr.contains("retry in 2 minutes"))
        fixture.simulator.feeds.setFault(.down, for: .decrypt)
        let down = try await fixture.news([.decrypt, .coinDesk])
        #expect(down.status == 69)
        #expect(down.stderr.contains("answered HTTP 503"))
        // One feed that answers is a success, whatever the others did.
        fixture.simulator.feeds.setFault(nil, for: .coinDesk)
        let some = try await fixture.news([.decrypt, .coinDesk])
        #expect(some.status == 0)
    }
}
