import Foundation
import LacriptaSimulator
import Testing

/// `lacripta coin --days 1|7|30|90|max` as a user runs it against the simulator: the finer series, their
/// times, the footer naming the spacing, and where a keyless history stops.
@Suite("coin ranges end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct CoinRangesEndToEndTests {
    private typealias Fixture = CoinEndToEndTests.Fixture

    @Test("keyless --days 1 off a terminal: one line per five-minute point, timed to the minute, and the footer says so")
    func dayPlain() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("coin", "eth", "--days", "1", keyed: false)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let points = lines.filter { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z [0-9.e+-]+/) != nil }
        #expect((280...300).contains(points.count))
        #expect(lines.last == "1 day of 5-minute prices in USD, from CoinGecko")
        #expect(lines.contains { $0.hasPrefix("Change 1d") })
    }

    @Test("keyed --days 7 --json: 169 hourly points from histohour, interval 1h, range 7")
    func weekJSON() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("coin", "btc", "--days", "7", "--json", keyed: true)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["interval"] as? String == "1h")
        #expect(object["range"] as? String == "7")
        #expect(object["historyLimit"] is NSNull)
        let history = try #require(object["history"] as? [[String: Any]])
        #expect(history.count == 169)
        #expect(fixture.simulator.rest.requestLog.contains { $0.path == "/data/v2/histohour" })
    }

    @Test("30 days (the default) are hourly on both sources; 90 days hourly keyless, every two hours from CryptoCompare")
    func monthAndQuarter() async throws {
        let fixture = try Fixture()
        let plain = try await fixture.run("coin", "BTC", keyed: true)
        #expect(plain.status == 0 && plain.stderr == "")
        let lines = plain.stdout.split(separator: "\n").map(String.init)
        let points = lines.filter { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:00Z [0-9.e+-]+/) != nil }
        #expect(points.count == 721)
        #expect(lines.last == "30 days of hourly prices in USD, from CryptoCompare")
        for (keyed, interval, count) in [(false, "1h", 2150...2170), (true, "2h", 1081...1081)] {
            let result = try await fixture.run("coin", "btc", "--days", "90", "--json", keyed: keyed)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["interval"] as? String == interval && object["range"] as? String == "90" && object["days"] as? Int == 90)
            #expect(count.contains(try #require(object["history"] as? [[String: Any]]).count), "keyed: \(keyed)")
        }
        let keyless = try #require(fixture.simulator.coinGecko.requestLog.last { $0.path.hasSuffix("/market_chart") })
        #expect(!keyless.queryItems.contains { $0.name == "interval" })
    }

    @Test("keyless --days max: a year of daily closes, and the footer says where CoinGecko's history stops")
    func maxKeyless() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("coin", "btc", "--days", "max", keyed: false)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Change all") })
        #expect(lines.contains { $0.wholeMatch(of: /all history since \d{4}-\d{2}-\d{2} of daily closes in USD, from CoinGecko/) != nil })
        #expect(lines.last?.hasPrefix("history stops there: CoinGecko's public API gives 365 days") == true)
    }
}
