import Foundation
import LacriptaSimulator
import Testing

/// `lacripta compare` and `lacripta live` without a key, the built binary against the simulator's
/// four exchange feeds: the figures printed are the ones the exchanges sent.
@Suite("compare and keyless live end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct CompareEndToEndTests {
    final class Fixture: EndToEndFixture {
        let exchanges: ExchangeFeeds

        init(updatesPerSecond: Double = 10, faults: [ExchangeSetting<ExchangeFault>] = []) throws {
            var options = ExchangeFeeds.Options(seed: 5)
            options.rates = [ExchangeSetting(updatesPerSecond)]
            options.faults = faults
            let simulator = try SimulatorHarness.start(exchanges: options)
            exchanges = try #require(simulator.exchanges)
            try super.init("compare", simulator: simulator)
        }

        var environment: [String: String] {
            var extra = ["COLUMNS": "120"]
            for exchange in SimulatedExchange.allCases {
                extra["LACRIPTA_\(exchange.rawValue.uppercased())_URL"] = exchanges.url(for: exchange).absoluteString
            }
            return environment(with: extra)
        }

        func run(_ arguments: String...) async throws -> BinaryRunner.Result {
            try await BinaryRunner.run(arguments, environment: environment)
        }
    }

    /// The raw text of `key`'s value in one JSON line (the digits exactly as printed).
    static func raw(_ key: String, in line: Substring) -> String? {
        guard let range = line.range(of: "\"\(key)\":") else { return nil }
        let value = line[range.upperBound...].prefix { $0 != "," && $0 != "}" }
        return value == "null" ? nil : String(value)
    }

    @Test("compare BTC --json: a line per quote from the four default exchanges, each figure as an exchange sent it")
    func comparesFourExchanges() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("compare", "BTC", "--json", "--count", "40")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 40)
        let pair = try #require(ExchangePair("BTC/USD"))
        var seen = Set<String>()
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = try #require(object["exchange"] as? String)
            let exchange = try #require(SimulatedExchange(rawValue: name))
            seen.insert(name)
            #expect(object["symbol"] as? String == "BTC" && object["currency"] as? String == "USD")
            #expect(object["receivedAt"] is Double)
            let sent = fixture.exchanges.sentQuotes(exchange, pair)
            for key in ["bid", "ask", "last"] {
                guard let digits = Self.raw(key, in: line) else { continue }
                let values = sent.compactMap { quote -> String? in
                    switch key {
                    case "bid": quote.bid
                    case "ask": quote.ask
                    default: quote.last
                    }
                }
                #expect(values.contains(digits), "\(name) \(key) \(digits) was sent")
            }
        }
        #expect(seen == ["coinbase", "kraken", "bitstamp", "bitfinex"], "every default exchange quoted, and only those")
    }

    @Test("an exchange that does not list the pair says so on stderr and the others go on")
    func oneExchangeDoesNotList() async throws {
        let fixture = try Fixture()
        // Bitfinex lists no SOL in euros.
        let result = try await fixture.run("compare", "SOL", "--currency", "EUR", "--exchanges", "kraken,bitfinex", "--json", "--count", "5")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Bitfinex does not list SOL/EUR; the other exchanges go on"))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.contains(#""exchange":"kraken""#) && $0.contains(#""symbol":"SOL","currency":"EUR""#) })
    }

    @Test("a pair no exchange lists exits 65 with one line")
    func nobodyLists() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("compare", "NOPE", "--exchanges", "coinbase,kraken,bitfinex", "--json")
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let last = try #require(result.stderr.split(separator: "\n").last)
        #expect(last.contains("NOPE/USD") && last.contains("none of Coinbase, Kraken, Bitfinex lists it"))
    }

    @Test("a pair Bitstamp acknowledges and never quotes ends, after its silence, as not listed (65)")
    func silentBitstamp() async throws {
        let fixture = try Fixture()
        // Bitstamp lists no DOGE: like the real one it acknowledges the channel and sends nothing.
        let result = try await fixture.run("compare", "DOGE", "--exchanges", "bitstamp", "--json")
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Bitstamp sent no quote for 30 s after subscribing DOGE/USD"))
    }

    @Test("a dropped exchange is reconnected, resubscribed and quotes again")
    func survivesADrop() async throws {
        let fixture = try Fixture()
        fixture.exchanges.setFaults([.drop(afterMessages: 6)], for: .kraken)
        let result = try await fixture.run("compare", "BTC", "--exchanges", "kraken", "--json", "--count", "12")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 12)
        #expect(result.stderr.contains("Kraken: connection lost; reconnecting"))
        let subscribes = fixture.exchanges.clientMessages(.kraken).filter { $0.text.contains(#""method":"subscribe""#) }
        #expect(Set(subscribes.map(\.connection)).count >= 2, "subscribed again on the new connection")
    }

    @Test("exchanges that cannot be reached are given up on, and compare exits 69")
    func unreachable() async throws {
        let fixture = try Fixture()
        var environment = fixture.environment
        environment["LACRIPTA_COINBASE_URL"] = "ws://127.0.0.1:9/"
        let result = try await BinaryRunner.run(["compare", "BTC", "--exchanges", "coinbase", "--json"], environment: environment)
        #expect(result.status == 69)
        #expect(result.stderr.contains("Coinbase cannot be reached: gave up after 4 attempts"))
        #expect(result.stderr.split(separator: "\n").last?.contains("No exchange could stream BTC/USD") == true)
    }

    @Test("live without a key streams Coinbase's ticker, and Kraken's for a pair Coinbase does not list")
    func keylessLive() async throws {
        let fixture = try Fixture()
        fixture.exchanges.setFaults([.unlisted(try #require(ExchangePair("ETH/USD")))], for: .coinbase)
        let result = try await fixture.run("live", "BTC", "ETH", "--json", "--count", "30")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 30)
        let markets = Dictionary(grouping: lines) { line in
            (Self.raw("symbol", in: line) ?? "") + " " + (Self.raw("market", in: line) ?? "")
        }
        #expect(Set(markets.keys) == [#""BTC" "Coinbase""#, #""ETH" "Kraken""#])
        let btc = try #require(markets[#""BTC" "Coinbase""#]?.last)
        let sent = fixture.exchanges.sentQuotes(.coinbase, try #require(ExchangePair("BTC/USD")))
        let price = try #require(Self.raw("price", in: btc).flatMap(Double.init))
        #expect(sent.compactMap { $0.last.flatMap(Double.init) }.contains(price), "the price is a last trade Coinbase sent")
        #expect(Self.raw("open", in: btc) != nil, "the 24-hour open stands in for the day's")
    }

    @Test("live without a key ends after --count lines on a single pair (the sink ending the feed does not wait on itself)")
    func keylessLiveCount() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("live", "BTC", "--json", "--count", "3")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)
    }

    @Test("live without a key moves every pair to Kraken when Coinbase cannot be reached")
    func keylessLiveCoinbaseDown() async throws {
        let fixture = try Fixture()
        var environment = fixture.environment
        environment["LACRIPTA_COINBASE_URL"] = "ws://127.0.0.1:9/"
        let result = try await BinaryRunner.run(["live", "BTC", "--json", "--count", "3"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains(#""market":"Kraken""#) })
        // Named by the exchange that failed; no streamer is involved without a key.
        #expect(result.stderr.contains("cannot connect to Coinbase: gave up after 4 attempts"))
        #expect(!result.stderr.contains("streamer"))
    }

    @Test(
        "live without a key exits 69 when Coinbase does not list the pair and Kraken cannot be reached, with or without a limit",
        arguments: [[], ["--count", "3"], ["--duration", "60"]])
    func keylessLiveFallbackUnreachable(limit: [String]) async throws {
        let fixture = try Fixture()
        fixture.exchanges.setFaults([.unlisted(try #require(ExchangePair("BTC/USD")))], for: .coinbase)
        var environment = fixture.environment
        environment["LACRIPTA_KRAKEN_URL"] = "ws://127.0.0.1:9/v2"
        let result = try await BinaryRunner.run(["live", "BTC", "--json"] + limit, environment: environment)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot connect to Kraken: gave up after 4 attempts"))
        #expect(!result.stderr.contains("streamer"))
        let last = try #require(result.stderr.split(separator: "\n").last)
        #expect(last.contains("Kraken could not be reached for BTC/USD"), "\(last)")
    }

    @Test("an exchange that accepts the connection and never answers: compare says so after a few seconds and exits 69")
    func compareNoAnswer() async throws {
        let fixture = try Fixture()
        fixture.exchanges.setFaults([.silence(afterMessages: 0)], for: .coinbase)
        let result = try await fixture.run("compare", "BTC", "--exchanges", "coinbase", "--json", "--duration", "8")
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no data yet from Coinbase (connected "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").last?.contains("No quote for BTC/USD arrived from Coinbase in 8 s") == true)
    }

    @Test("live without a key against a Coinbase that never answers: said after a few seconds, and --duration ends it with 69")
    func keylessLiveNoAnswer() async throws {
        let fixture = try Fixture()
        fixture.exchanges.setFaults([.silence(afterMessages: 0)], for: .coinbase)
        let result = try await fixture.run("live", "BTC", "--json", "--duration", "8")
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no data yet from Coinbase (connected "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").last?.contains("Nothing arrived from Coinbase or Kraken in 8 s") == true)
    }

    @Test("live without a key for a coin neither exchange lists exits 65")
    func keylessLiveUnknown() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("live", "NOPE", "--json")
        #expect(result.status == 65)
        #expect(result.stderr.contains("NOPE/USD is not available on Coinbase: neither Coinbase nor Kraken lists it"), "\(result.stderr)")
        #expect(!result.stderr.contains("streamer"))
    }

    @Test("live --market bitstamp streams Bitstamp's own prices, the ones it sent, with or without a key")
    func liveOneMarket() async throws {
        let fixture = try Fixture()
        var environment = fixture.environment
        // A key would pick the streamer; --market asks for the exchange's own prices all the same.
        environment["CRYPTOCOMPARE_API_KEY"] = "k"
        let result = try await BinaryRunner.run(["live", "BTC", "--market", "bitstamp", "--json", "--count", "3"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains(#""market":"Bitstamp""#) })
        let sent = fixture.exchanges.sentQuotes(.bitstamp, try #require(ExchangePair("BTC/USD")))
        let prices = sent.flatMap { [$0.last, $0.bid, $0.ask].compactMap { $0.flatMap(Double.init) } }
        let price = try #require(lines.last.flatMap { Self.raw("price", in: $0) }.flatMap(Double.init))
        let mids = zip(sent.compactMap { $0.bid.flatMap(Double.init) }, sent.compactMap { $0.ask.flatMap(Double.init) }).map { ($0 + $1) / 2 }
        #expect(prices.contains(price) || mids.contains(price), "a price Bitstamp sent (its last trade, or its mid)")
    }

    @Test("live --market kraken for a pair Kraken does not list exits 65 naming Kraken alone; an unknown market is 64")
    func liveOneMarketRefused() async throws {
        let fixture = try Fixture()
        fixture.exchanges.setFaults([.unlisted(try #require(ExchangePair("ETH/USD")))], for: .kraken)
        let result = try await fixture.run("live", "ETH", "--market", "kraken", "--json")
        #expect(result.status == 65)
        #expect(result.stderr.contains("Kraken does not list"), "\(result.stderr)")
        #expect(!result.stderr.contains("Coinbase"), "no other exchange is asked")
        let unknown = try await fixture.run("live", "BTC", "--market", "mtgox")
        #expect(unknown.status == 64 && unknown.stderr.contains("--market"))
    }
}
