import Foundation
import LacriptaSimulator
import Testing

/// `lacripta coin --candles` as a user runs it, keyless, the exchanges' REST bases pointed at the
/// simulator: the source and width named, the series in JSON, the lines off a terminal, and
/// --interval/--volume refused without --candles.
@Suite("coin candles end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct CoinCandlesEndToEndTests {
    private typealias Fixture = CoinEndToEndTests.Fixture

    private func run(_ fixture: Fixture, _ arguments: String...) async throws -> BinaryRunner.Result {
        let extra = [
            "LACRIPTA_COINGECKO_URL": fixture.simulator.coinGeckoBaseURL.absoluteString, "LACRIPTA_SOURCE": "public",
            "LACRIPTA_KRAKEN_API_URL": fixture.simulator.krakenAPIURL.absoluteString,
            "LACRIPTA_COINBASE_API_URL": fixture.simulator.coinbaseAPIURL.absoluteString,
        ]
        return try await BinaryRunner.run(arguments, environment: BinaryRunner.environment(home: fixture.home, extra: extra))
    }

    @Test("--days 1 --candles --interval 5m --volume --json: Kraken's five-minute candles of the day, with volume")
    func json() async throws {
        let fixture = try Fixture()
        let result = try await run(fixture, "coin", "btc", "--days", "1", "--candles", "--interval", "5m", "--volume", "--json")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["candleSource"] as? String == "Kraken")
        #expect(object["candleMarket"] as? String == "XBT/USD")
        #expect(object["interval"] as? String == "5m")
        let candles = try #require(object["candles"] as? [[String: Any]])
        #expect(candles.count == 288)
        let first = try #require(candles.first)
        #expect(Set(first.keys) == ["time", "open", "high", "low", "close", "volume"])
        #expect(candles.allSatisfy { ($0["low"] as? Double ?? 0) <= ($0["high"] as? Double ?? 0) && $0["volume"] is Double })
        #expect((object["history"] as? [[String: Any]])?.count == 288)
    }

    @Test("off a terminal: one TIME OPEN HIGH LOW CLOSE VOLUME line per candle; CoinGecko's have no volume")
    func plain() async throws {
        let fixture = try Fixture()
        let result = try await run(fixture, "coin", "cardano", "--days", "7", "--candles", "--volume")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let rows = lines.filter { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z( [0-9.e+-]+){4} -/) != nil }
        #expect(rows.count == 42)
        #expect(lines.last == "42 4-hour candles in USD from CoinGecko (CoinGecko gives no volume)")
    }

    @Test("--days max --candles says where the source's candles stop: Kraken's latest 720, CoinGecko's 365 days")
    func maxSaysWhereItStops() async throws {
        let fixture = try Fixture()
        let kraken = try await run(fixture, "coin", "btc", "--days", "max", "--candles")
        #expect(kraken.status == 0)
        let lines = kraken.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropLast().last == "720 daily candles of XBT/USD from Kraken")
        #expect(lines.last == "history stops there: Kraken gives its latest 720 candles at a width; older ones cannot be fetched")
        let gecko = try await run(fixture, "coin", "cardano", "--days", "max", "--candles", "--json")
        #expect(gecko.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(gecko.stdout.utf8)) as? [String: Any])
        #expect(object["candleSource"] as? String == "CoinGecko")
        #expect(object["historyLimit"] as? String == "CoinGecko's public API gives 365 days")
        let week = try await run(fixture, "coin", "btc", "--days", "7", "--candles", "--json")
        #expect((try JSONSerialization.jsonObject(with: Data(week.stdout.utf8)) as? [String: Any])?["historyLimit"] is NSNull)
    }

    @Test("--volume or --interval without --candles is a usage error naming it, before any request")
    func needsCandles() async throws {
        let fixture = try Fixture()
        let result = try await run(fixture, "coin", "btc", "--volume")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--volume goes with --candles"))
        #expect(fixture.simulator.coinGecko.requestLog.isEmpty)
    }
}
