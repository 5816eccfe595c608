import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The work behind the view's "your coins" keys, for real: the store on disk in a temporary
/// folder, and the simulator's CoinGecko over a socket on 127.0.0.1.
@Suite("Interactive your coins effects: the store on disk, CoinGecko from the simulator")
struct YourCoinsEffectsTests {
    /// Effects over a fresh store folder and the simulator; `body` gets them and the folder.
    static func withEffects(_ body: (YourCoinsEffects, URL) async throws -> Void) async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-yours-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var configuration = Configuration(
            apiBaseURL: simulator.restBaseURL, streamURL: URL(fileURLWithPath: "/"), cacheDirectory: home.appendingPathComponent("cache"),
            coinGeckoBaseURL: simulator.coinGeckoBaseURL)
        configuration.exchangeAPIURLs = [.kraken: simulator.krakenAPIURL, .coinbase: simulator.coinbaseAPIURL]
        let market = CoinGeckoClient(
            configuration: configuration, transport: HTTPTransports.platformDefault(),
            cache: ResponseCache(directory: home.appendingPathComponent("cache")))
        let data = home.appendingPathComponent("data")
        let exchanges = ExchangeCandlesClient(configuration: configuration, transport: HTTPTransports.platformDefault())
        try await body(YourCoinsEffects(market: market, store: UserStore(directory: data.path), exchangeCandles: exchanges), data)
    }

    @Test("a star is written to the favourites file and read back")
    func storeWrites() async throws {
        try await Self.withEffects { effects, data in
            guard case .yours(.favoriteWritten(_, .success(let first))) = effects.write(FavoriteWrite(symbol: "BTC", on: true)) else {
                Issue.record("the first write failed")
                return
            }
            #expect(first == ["BTC"])
            guard case .yours(.favoriteWritten(_, .success(let second))) = effects.write(FavoriteWrite(symbol: "FLOKI", on: true)) else {
                Issue.record("the second write failed")
                return
            }
            #expect(second == ["BTC", "FLOKI"])
            guard case .yours(.storeLoaded(.success(let snapshot))) = effects.loadStore() else {
                Issue.record("no snapshot")
                return
            }
            #expect(snapshot.favorites == ["BTC", "FLOKI"] && snapshot.holdings.isEmpty)
            let file = try String(contentsOf: data.appendingPathComponent("favorites"), encoding: .utf8)
            #expect(file.hasSuffix("version 1\nBTC\nFLOKI\n"), "one hand-editable line per favourite")
        }
    }

    @Test("a store that cannot be written is a failure event naming the folder, not a crash")
    func storeFailure() async throws {
        try await Self.withEffects { effects, data in
            // A file where the folder should be: refused even for root, unlike a read-only folder.
            try FileManager.default.createDirectory(at: data.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: data)
            guard case .yours(.favoriteWritten(let write, .failure(let error))) = effects.write(FavoriteWrite(symbol: "ETH", on: true)) else {
                Issue.record("the write must fail")
                return
            }
            #expect(write.symbol == "ETH" && error.userMessage.contains("it is a file, not a folder"))
            #expect(try String(contentsOf: data, encoding: .utf8) == "not a folder")
        }
    }

    @Test("ETH resolves to Ethereum: its detail and 30 days of hourly prices, then 365 daily closes by the key found")
    func coinDetail() async throws {
        try await Self.withEffects { effects, _ in
            guard
                case .yours(.coinLoaded("ETH", "USD", .success(let load))) = await effects.coin(
                    symbol: "ETH", id: nil, currency: "USD", range: .month)
            else {
                Issue.record("no detail")
                return
            }
            #expect(load.id == "ethereum" && load.detail.value.name == "Ethereum" && load.range == .month)
            #expect(load.series.value.interval == .hour && (715...725).contains(load.series.value.history.points.count))
            guard
                case .yours(.historyLoaded("ETH", "USD", .year, .success(let year))) = await effects.history(
                    symbol: "ETH", id: load.id, currency: "USD", range: .year)
            else {
                Issue.record("no year")
                return
            }
            #expect(year.value.history.points.count > 300 && year.value.interval == .day)
        }
    }

    @Test("candles for the detail: Kraken's where it lists the pair, CoinGecko's own (no volume) where no exchange does")
    func candles() async throws {
        try await Self.withEffects { effects, _ in
            let month = CandleRequest(symbol: "ETH", id: "ethereum", name: "Ethereum", currency: "USD", range: .month)
            guard case .yours(.candlesLoaded(month, .success(let kraken))) = await effects.candles(month) else {
                Issue.record("no candles")
                return
            }
            #expect(kraken.series.value.source == "Kraken" && kraken.series.value.interval == .fourHours && kraken.series.value.hasVolume)
            #expect((170...181).contains(kraken.series.value.candles.count))
            let unlisted = CandleRequest(symbol: "FLOKI", id: "floki", name: "FLOKI", currency: "USD", range: .quarter)
            guard case .yours(.candlesLoaded(unlisted, .success(let gecko))) = await effects.candles(unlisted) else {
                Issue.record("no candles from CoinGecko")
                return
            }
            #expect(gecko.series.value.source == "CoinGecko" && !gecko.series.value.hasVolume)
        }
    }

    @Test("one request prices the coins it knows and leaves out one it does not; the coin list holds thousands")
    func quotesAndList() async throws {
        try await Self.withEffects { effects, _ in
            guard case .yours(.quotesLoaded("USD", .success(let quotes))) = await effects.quotes(symbols: ["FLOKI", "NOPECOIN"], currency: "USD")
            else {
                Issue.record("no quotes")
                return
            }
            #expect(quotes.value["FLOKI"]?.price != nil && quotes.value["NOPECOIN"] == nil)
            guard case .yours(.coinListLoaded(.success(let list))) = await effects.coinList(currency: "USD") else {
                Issue.record("no coin list")
                return
            }
            #expect(list.value.count > 1000)
            #expect(list.value.search("floki", limit: 1).first?.coin.symbol.uppercased() == "FLOKI")
        }
    }
}
