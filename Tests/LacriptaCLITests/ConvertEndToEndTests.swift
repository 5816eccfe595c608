import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

/// `lacripta convert` as a user runs it against the simulator, on both sources: the answer is the
/// exact product of the amount and the price the simulator serves, the rate line names its source,
/// and bad input is one line with the right exit code.
@Suite("convert end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct ConvertEndToEndTests {
    private typealias Fixture = CoinEndToEndTests.Fixture

    private func decimal(_ value: Any?) -> Decimal? {
        (value as? String).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }

    @Test("0.5 BTC EUR: one line with the answer, one with the rate, its source and time", arguments: [true, false])
    func simple(keyed: Bool) async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("convert", "0.5", "BTC", "EUR", keyed: keyed)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.wholeMatch(of: /0\.5 BTC = [0-9,]+\.\d\d EUR/) != nil)
        let source = keyed ? "CryptoCompare" : "CoinGecko"
        #expect(lines.last?.wholeMatch(of: /\s\s1 BTC = [0-9,]+\.\d\d EUR\s\s\w+, \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/) != nil)
        #expect(lines.last?.contains(source) == true)
    }

    @Test("--json: the result is exactly the amount times the rate used, every digit as a string")
    func json() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("convert", "250", "EUR", "BTC", "--json", keyed: false)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["expression"] as? String == "250 EUR in BTC")
        let rates = try #require(object["rates"] as? [[String: Any]])
        #expect(rates.count == 1 && rates.first?["unit"] as? String == "BTC" && rates.first?["currency"] as? String == "EUR")
        let rate = try #require(decimal(rates.first?["rate"]))
        let answer = try #require(decimal(object["result"]))
        #expect(answer == Decimal(250) / rate)
        #expect(object["source"] as? String == "CoinGecko")
    }

    @Test("a sum of two coins and a currency in a fourth: each rate shown, the currency's via BTC")
    func mixedSum() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("convert", "1", "BTC", "+", "2.5", "ETH", "-", "500", "USD", "in", "EUR", "--json", keyed: true)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rates = try #require(object["rates"] as? [[String: Any]])
        var values: [String: Decimal] = ["EUR": 1]
        for rate in rates { values[rate["unit"] as? String ?? ""] = decimal(rate["rate"]) }
        #expect(Set(values.keys) == ["EUR", "BTC", "ETH", "USD"])
        #expect(rates.first { $0["unit"] as? String == "USD" }?["via"] as? String == "BTC")
        let (btc, eth, usd) = (try #require(values["BTC"]), try #require(values["ETH"]), try #require(values["USD"]))
        let expected = btc + Decimal(25) / 10 * eth - 500 * usd
        #expect(decimal(object["result"]) == expected)
    }

    @Test("malformed input is exit 64 with one line saying what to write, before any request")
    func malformed() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("convert", "0.5", "BTC", keyed: false)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("convert into what? end with the unit to convert into (… in EUR)"))
        #expect(fixture.simulator.coinGecko.requestLog.isEmpty)
    }

    @Test("an unknown unit is exit 65 naming it and the closest known ones")
    func unknownUnit() async throws {
        let fixture = try Fixture()
        _ = try await fixture.run("top", "-n", "10", keyed: false)
        let result = try await fixture.run("convert", "1", "BTCC", "EUR", keyed: false)
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("BTCC") == true && lines.first?.contains("closest: BTC") == true)
    }
}
