import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCore

/// The coin list behind search, from both sources over real sockets against the simulator.
@Suite("Coin list for search, from both sources")
struct CoinListTests {
    private func configuration(_ simulator: Simulator, cache: URL) throws -> Configuration {
        Configuration(
            apiKey: APIKey("any-key"), apiBaseURL: simulator.restBaseURL, streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: cache, coinGeckoBaseURL: simulator.coinGeckoBaseURL)
    }

    @Test("CryptoCompare's list: symbols as keys (a numeric-looking one too), names, reused from the cache")
    func cryptoCompare() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-coinlist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let client = CryptoCompareClient(
            configuration: try configuration(simulator, cache: cache), transport: NativeHTTPTransport(), cache: ResponseCache(directory: cache))
        _ = try await client.coinList()
        let list = try await client.coinList().value
        #expect(list.contains(CoinListEntry(id: "BTC", symbol: "BTC", name: "Bitcoin")))
        #expect(list.contains { $0.symbol == "42" })
        #expect(list.count >= 50)
        let listRequests = simulator.rest.requestLog.filter { $0.path == "/data/all/coinlist" }
        #expect(listRequests.count == 1, "a second ask within a day is answered from the cache")
    }

    @Test("both sources list Ethereum under ETH (CoinGecko's list has namesakes and no ranks; CoinLookup picks among them)")
    func bothSources() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-coinlist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let configuration = try configuration(simulator, cache: cache)
        let sources: [any MarketDataSource] = [
            CryptoCompareClient(configuration: configuration, transport: NativeHTTPTransport(), cache: ResponseCache(directory: cache)),
            CoinGeckoClient(configuration: configuration, transport: NativeHTTPTransport(), cache: ResponseCache(directory: cache)),
        ]
        for source in sources {
            let list = try await source.coinList().value
            let names = CoinListEntry.matches(for: "eth", in: list).map(\.name)
            #expect(names.contains("Ethereum"), "\(source.name)")
        }
    }
}
