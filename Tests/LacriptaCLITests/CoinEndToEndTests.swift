import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

/// `lacripta coin` as a user runs it, on both sources against the simulator: the figures and the
/// closes it prints are the ones the simulator served, fetched again here straight from it.
@Suite("coin end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct CoinEndToEndTests {
    /// A simulator and a private home folder for one test.
    final class Fixture: EndToEndFixture {
        init(dataDirectory: URL? = nil) throws {
            try super.init("coin", simulator: SimulatorHarness.start(dataDirectory: dataDirectory))
        }

        /// Runs lacripta with CryptoCompare (`keyed`) or CoinGecko on the simulator.
        func run(_ arguments: String..., keyed: Bool) async throws -> BinaryRunner.Result {
            let extra = keyed ? cryptoCompare.merging(["CRYPTOCOMPARE_API_KEY": "coin-test-key"]) { $1 } : coinGecko
            return try await BinaryRunner.run(arguments, environment: environment(with: extra))
        }

        /// The JSON the simulator serves at `pathAndQuery` (below its root), asked for directly.
        func served(_ pathAndQuery: String) async throws -> [String: Any] {
            let url = try #require(URL(string: simulator.restBaseURL.absoluteString + pathAndQuery))
            let request = LacriptaNet.HTTPRequest(url: url, headers: ["user-agent": "coin-test/1", "authorization": "Apikey coin-test-key"])
            let response = try await NativeHTTPTransport().get(request)
            #expect(response.status == 200)
            return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        }
    }

    /// The `--json` object of a successful run, checking it said nothing on stderr.
    private func object(_ result: BinaryRunner.Result) throws -> [String: Any] {
        #expect(result.status == 0)
        #expect(result.stderr == "")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// `history`'s dates and closes.
    private func closes(_ object: [String: Any]) throws -> [(date: String, close: Double)] {
        let items = try #require(object["history"] as? [[String: Any]])
        return try items.map { (try #require($0["date"] as? String), try #require($0["close"] as? Double)) }
    }

    private static func iso(_ seconds: Double) -> String {
        Date(timeIntervalSince1970: seconds).formatted(.iso8601)
    }

    @Test("CryptoCompare: pricemultifull's figures and histoday's 366 closes for 365 days")
    func cryptoCompareJSON() async throws {
        let fixture = try Fixture()
        let coin = try object(try await fixture.run("coin", "btc", "--json", "--days", "365", keyed: true))
        let raw = try #require(
            ((try await fixture.served("/data/pricemultifull?fsyms=BTC&tsyms=USD"))["RAW"] as? [String: Any])?["BTC"] as? [String: Any])
        let usd = try #require(raw["USD"] as? [String: Any])
        #expect(coin["symbol"] as? String == "BTC")
        #expect(coin["name"] as? String == "Bitcoin")
        #expect(coin["source"] as? String == "CryptoCompare")
        #expect(coin["days"] as? Int == 365)
        for (key, field) in [
            ("price", "PRICE"), ("high24h", "HIGH24HOUR"), ("low24h", "LOW24HOUR"), ("marketCap", "MKTCAP"),
            ("changePercent1h", "CHANGEPCTHOUR"), ("changePercent24h", "CHANGEPCT24HOUR"),
        ] {
            #expect(coin[key] as? Double == usd[field] as? Double, "\(key)")
        }
        #expect(coin["allTimeHigh"] is NSNull)
        let bars = try #require(
            ((try await fixture.served("/data/v2/histoday?fsym=BTC&tsym=USD&limit=365"))["Data"] as? [String: Any])?["Data"] as? [[String: Any]])
        let history = try closes(coin)
        #expect(history.count == 366)
        #expect(history.map(\.date) == bars.map { Self.iso($0["time"] as? Double ?? 0) })
        #expect(history.map(\.close) == bars.map { $0["close"] as? Double ?? 0 })
    }

    @Test("CoinGecko: /coins/{id}'s figures and records, and market_chart's closes, one per day, for 365 days")
    func coinGeckoJSON() async throws {
        let fixture = try Fixture()
        let coin = try object(try await fixture.run("coin", "Ethereum", "--json", "--days", "365", keyed: false))
        let detail = try await fixture.served("/coingecko/api/v3/coins/ethereum?localization=false&tickers=false")
        let market = try #require(detail["market_data"] as? [String: Any])
        func usd(_ key: String) -> Double? { (market[key] as? [String: Any])?["usd"] as? Double }
        #expect(coin["id"] as? String == "ethereum")
        #expect(coin["source"] as? String == "CoinGecko")
        #expect(coin["rank"] as? Int == detail["market_cap_rank"] as? Int)
        #expect(coin["price"] as? Double == usd("current_price"))
        #expect(coin["marketCap"] as? Double == usd("market_cap"))
        let high = try #require(coin["allTimeHigh"] as? [String: Any])
        #expect(high["price"] as? Double == usd("ath"))
        #expect(high["changePercent"] as? Double == usd("ath_change_percentage"))
        #expect((high["date"] as? String)?.hasPrefix("2021-11-10T") == true)
        #expect((coin["allTimeLow"] as? [String: Any])?["price"] as? Double == usd("atl"))

        // The chart request the binary made, asked again: its last price of each UTC day.
        let record = try #require(fixture.simulator.coinGecko.requestLog.first { $0.path.hasSuffix("/coins/ethereum/market_chart") })
        #expect(record.queryItems.contains { $0.name == "days" && $0.value == "365" })
        let query = record.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let chart = try await fixture.served("/coingecko" + record.path + "?" + query)
        let prices = try #require(chart["prices"] as? [[Double]])
        var daily: [(day: Double, time: Double, close: Double)] = []
        for price in prices {
            let day = (price[0] / 86_400_000).rounded(.down)
            if daily.last?.day == day { daily.removeLast() }
            daily.append((day, price[0] / 1000, price[1]))
        }
        let history = try closes(coin)
        #expect(history.count >= 365)
        #expect(history.map(\.close) == daily.map(\.close))
        #expect(history.map(\.date) == daily.map { Self.iso($0.time.rounded(.down)) })
    }

    @Test("a ticker several coins share: the largest is shown, and one note on stderr says so")
    func sharedTicker() async throws {
        // The recordings with a bridged ETH added to CoinGecko's markets, as the real list has them.
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-coin-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/recorded")
        try FileManager.default.copyItem(at: recorded, to: data)
        let markets = data.appendingPathComponent("coingecko-markets-usd-50.json")
        var items = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: markets)) as? [[String: Any]])
        var bridged = try #require(items.first { $0["id"] as? String == "ethereum" })
        bridged["id"] = "bridged-ether"
        bridged["name"] = "Bridged Ether"
        bridged["market_cap_rank"] = 400
        bridged["market_cap"] = 1_000_000
        items.append(bridged)
        try JSONSerialization.data(withJSONObject: items).write(to: markets)

        let fixture = try Fixture(dataDirectory: data)
        let result = try await fixture.run("coin", "eth", "--json", keyed: false)
        #expect(result.status == 0)
        #expect(result.stderr == "note: ETH names 2 coins; showing Ethereum, the largest by market cap\n")
        let coin = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(coin["id"] as? String == "ethereum")
    }

    @Test("off a terminal: the figures, then one DATE CLOSE line per day, no drawing and no escapes")
    func plainText() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("coin", "BTC", "--days", "365", keyed: true)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Bitcoin (BTC)")
        #expect(lines.contains("Price           $90,176.22"))
        #expect(lines.contains("24h high / low  $90,940.54 / $88,400.90"))
        let closes = lines.filter { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2} [0-9.]+/) != nil }
        #expect(closes.count == 366)
        #expect(closes.last == "2026-01-03 90175.8")
        #expect(lines.dropLast().last == "365 days of daily closes in USD, from CryptoCompare")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
    }

    @Test("an unknown coin exits 65 with one line naming it, on either source", arguments: [true, false])
    func unknownCoin(keyed: Bool) async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("coin", "NOTACOIN", keyed: keyed)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("NOTACOIN") == true)
        #expect(lines.first?.contains(keyed ? "CryptoCompare" : "CoinGecko") == true)
    }

    @Test("a range other than 1, 7, 30, 90, 365 days or max is a usage error before any request")
    func badRange() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("coin", "btc", "--days", "14", keyed: true)
        #expect(result.status == 64)
        #expect(result.stderr.contains("expected one of 1, 7, 30, 90, 365, max"))
        #expect(fixture.simulator.rest.requestLog.isEmpty)
    }
}
