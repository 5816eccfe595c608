import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCore

/// Both sources behind `MarketDataSource` over real sockets to the in-process simulator: the same
/// three questions (quotes, daily history, detail) get answers of the same shape, and a ticker
/// neither knows is the same error.
@Suite("Market data from both sources over the simulator")
struct MarketDataSourceTests {
    /// Which source a test case runs against.
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case cryptoCompare
        case coinGecko

        var testDescription: String { rawValue }
    }

    /// A source of kind `source` pointed at `simulator`, without a cache. Its clock is the real
    /// time: the cache (when there is one) dates entries by the files' real modification times.
    private func source(_ source: Source, _ simulator: Simulator) throws -> any MarketDataSource {
        let configuration = Configuration(
            apiBaseURL: simulator.restBaseURL, streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-unused-\(UUID().uuidString)"),
            coinGeckoBaseURL: simulator.coinGeckoBaseURL)
        switch source {
        case .cryptoCompare: return CryptoCompareClient(configuration: configuration, transport: NativeHTTPTransport(), now: { Date() })
        case .coinGecko: return CoinGeckoClient(configuration: configuration, transport: NativeHTTPTransport(), now: { Date() })
        }
    }

    /// The `LacriptaError` `body` throws; nil when it succeeds or throws something else.
    private func failure(_ body: () async throws -> some Any) async -> LacriptaError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? LacriptaError
        }
    }

    @Test("quotes for BTC and ETH come keyed by upper-case ticker, with prices", arguments: Source.allCases)
    func quotes(_ kind: Source) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let quotes = try await source(kind, simulator).quotes(symbols: ["btc", "ETH", "BTC"], currency: "USD")
        #expect(Set(quotes.value.keys) == ["BTC", "ETH"])
        #expect(!quotes.isOffline)
        let btc = try #require(quotes.value["BTC"]?.price)
        let eth = try #require(quotes.value["ETH"]?.price)
        #expect(btc > eth && eth > 0)
        #expect(quotes.value["BTC"]?.marketCap != nil && quotes.value["BTC"]?.changePercent24h != nil)
    }

    @Test("30 days of history are about 30 daily closes, oldest first, all positive", arguments: Source.allCases)
    func history(_ kind: Source) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let points = try await source(kind, simulator).history(of: "BTC", currency: "USD", days: 30).value.points
        #expect((29...32).contains(points.count))
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.date < $1.date })
        #expect(points.allSatisfy { $0.close > 0 })
    }

    @Test("the BTC detail has its price and 24h range", arguments: Source.allCases)
    func detail(_ kind: Source) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let detail = try await source(kind, simulator).detail(of: "btc", currency: "USD").value
        #expect(detail.symbol == "BTC")
        #expect(detail.quote.price != nil && detail.quote.high24h != nil && detail.quote.low24h != nil)
        #expect(detail.circulatingSupply != nil)
        // Records are CoinGecko's alone: CryptoCompare's price API has none.
        #expect((detail.allTimeHigh != nil) == (kind == .coinGecko))
    }

    @Test("an unknown ticker is an unknown symbol (exit 65) for every question", arguments: Source.allCases)
    func unknown(_ kind: Source) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let source = try source(kind, simulator)
        let errors = [
            await failure { try await source.quotes(symbols: ["BTC", "NOTACOIN"], currency: "USD") },
            await failure { try await source.history(of: "NOTACOIN", currency: "USD", days: 30) },
            await failure { try await source.detail(of: "NOTACOIN", currency: "USD") },
        ]
        for error in errors {
            let error = try #require(error)
            #expect(error.exitCode == .dataError)
            #expect(error.exitCode.rawValue == 65)
            #expect(error.userMessage.contains("NOTACOIN"))
        }
    }
}

/// `resolveCoin`: what a user typed for `lacripta coin`, turned into the key `detail(id:)` and
/// `history(id:)` take, on both sources.
@Suite("Resolving a coin on both sources over the simulator")
struct ResolveCoinTests {
    private func configuration(_ simulator: Simulator) throws -> Configuration {
        Configuration(
            apiBaseURL: simulator.restBaseURL, streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-unused-\(UUID().uuidString)"),
            coinGeckoBaseURL: simulator.coinGeckoBaseURL)
    }

    @Test(
        "a ticker or a name in any case names the same coin, whose key the detail and history take",
        arguments: ["eth", "ETH", "Ethereum", "ethereum"])
    func tickerOrName(input: String) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let sources: [any MarketDataSource] = [
            CryptoCompareClient(configuration: try configuration(simulator), transport: NativeHTTPTransport()),
            CoinGeckoClient(configuration: try configuration(simulator), transport: NativeHTTPTransport()),
        ]
        for source in sources {
            let resolution = try #require(try await source.resolveCoin(input), "\(source.name)")
            #expect(resolution.coin.symbol == "ETH")
            #expect(resolution.note == nil)
            let detail = try await source.detail(id: resolution.coin.id, currency: "USD").value
            #expect(detail.symbol == "ETH")
            #expect(try await source.history(id: resolution.coin.id, currency: "USD", days: 30).value.points.count >= 30)
        }
    }

    @Test("CryptoCompare finds a name beyond its toplist in the full coin list; neither source names a coin nobody lists")
    func coinListAndUnknown() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let cryptoCompare = CryptoCompareClient(configuration: try configuration(simulator), transport: NativeHTTPTransport())
        #expect(try await cryptoCompare.resolveCoin("42-coin")?.coin.id == "42")
        #expect(try await cryptoCompare.resolveCoin("NOTACOIN") == nil)
        #expect(
            try await CoinGeckoClient(configuration: try configuration(simulator), transport: NativeHTTPTransport()).resolveCoin("NOTACOIN") == nil)
    }
}
