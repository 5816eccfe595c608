import Foundation
import LacriptaSimulator
import Testing

/// `lacripta compare` with the markets named by `--exchanges` (Binance, Binance.US, …), the built
/// binary against the simulator: each market's figures as it sent them, in its own quote currency.
@Suite("compare with the other markets end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct MarketsEndToEndTests {
    typealias Fixture = CompareEndToEndTests.Fixture

    /// Checks that every line names one of `exchanges`, the pair BTC in `currency`, and figures the
    /// simulator sent; returns the exchanges seen.
    private func checkLines(_ stdout: String, currency: String, fixture: Fixture) throws -> Set<String> {
        let pair = try #require(ExchangePair(base: "BTC", quote: currency))
        var seen = Set<String>()
        for line in stdout.split(separator: "\n") {
            let name = try #require(CompareEndToEndTests.raw("exchange", in: line)?.trimmingCharacters(in: ["\""]))
            let exchange = try #require(SimulatedExchange(rawValue: name))
            seen.insert(name)
            #expect(line.contains(#""symbol":"BTC","currency":"\#(currency)""#), "the row's own quote currency")
            let sent = fixture.exchanges.sentQuotes(exchange, pair)
            for key in ["bid", "ask"] {
                let digits = try #require(CompareEndToEndTests.raw(key, in: line))
                let values = sent.compactMap { key == "bid" ? $0.bid : $0.ask }
                #expect(values.contains(digits), "\(name) \(key) \(digits) was sent")
            }
        }
        return seen
    }

    @Test("compare BTC --currency USDT on Binance and Binance.US: both quote, Binance's padded digits as sent")
    func binance() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("compare", "BTC", "--currency", "USDT", "--exchanges", "binance,binanceus", "--json", "--count", "30")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try checkLines(result.stdout, currency: "USDT", fixture: fixture) == ["binance", "binanceus"])
        #expect(result.stdout.contains(#""exchange":"binance""#) && result.stdout.contains("000000,"), "8 decimals, as Binance sends")
    }

    @Test("compare BTC --currency USDT on OKX and Binance: OKX's digits as sent, its refusal of BTC/USD named")
    func okx() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("compare", "BTC", "--currency", "USDT", "--exchanges", "okx,binance", "--json", "--count", "30")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try checkLines(result.stdout, currency: "USDT", fixture: fixture) == ["okx", "binance"])
        // OKX has no BTC-USD: error 60018, "not listed", and the run ends with no market listing it.
        let usd = try await fixture.run("compare", "BTC", "--exchanges", "okx", "--json")
        #expect(usd.status == 65, "\(usd.stderr)")
        #expect(usd.stderr.contains("OKX does not list BTC/USD"))
    }

    @Test("compare BTC on Gemini beside Coinbase: Gemini's padded digits and nanosecond times as sent")
    func gemini() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("compare", "BTC", "--exchanges", "gemini,coinbase", "--json", "--count", "30")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try checkLines(result.stdout, currency: "USD", fixture: fixture) == ["gemini", "coinbase"])
        let pair = try #require(ExchangePair("BTC/USD"))
        let times = Set(fixture.exchanges.sentQuotes(.gemini, pair).compactMap(\.time))
        for line in result.stdout.split(separator: "\n") where line.contains(#""exchange":"gemini""#) {
            let time = try #require(CompareEndToEndTests.raw("time", in: line).flatMap(Double.init))
            #expect(times.contains { abs($0 - time) < 1e-6 }, "the time Gemini sent, to the microsecond")
        }
    }

    @Test("compare BTC on CEX.IO beside Bitstamp: the book's touch as sent; a seqId gap resubscribes the pair and quotes go on")
    func cex() async throws {
        let fixture = try Fixture(faults: [ExchangeSetting(.gap(every: 4), for: .cex)])
        let result = try await fixture.run("compare", "BTC", "--exchanges", "cex,bitstamp", "--json", "--count", "40")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try checkLines(result.stdout, currency: "USD", fixture: fixture).contains("cex"))
        let sent = fixture.exchanges.clientMessages(.cex).map(\.text)
        #expect(sent.contains { $0.contains(#""e":"order_book_unsubscribe""#) }, "the gap resubscribed the pair")
        #expect(sent.filter { $0.contains(#""e":"order_book_subscribe""#) }.count >= 2)
        #expect(sent.allSatisfy { $0 == #"{"e":"ping"}"# || $0.contains(#""oid":""#) }, "an oid on every request")
    }

    @Test("Binance refusing the region (451) is one line naming Binance.US, and Binance.US goes on")
    func binanceRestricted() async throws {
        let fixture = try Fixture(faults: [ExchangeSetting(.restricted, for: .binance)])
        let result = try await fixture.run("compare", "BTC", "--currency", "USDT", "--exchanges", "binance,binanceus", "--json", "--count", "10")
        #expect(result.status == 0, "\(result.stderr)")
        let refusals = result.stderr.split(separator: "\n").filter { $0.contains("Binance cannot be reached") }
        #expect(refusals.count == 1, "\(result.stderr)")
        #expect(refusals.first?.contains("not available from your region (HTTP 451); try binanceus (Binance.US) instead") == true)
        #expect(try checkLines(result.stdout, currency: "USDT", fixture: fixture) == ["binanceus"])
    }
}
