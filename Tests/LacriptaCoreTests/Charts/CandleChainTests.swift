import Foundation
import LacriptaNet
import LacriptaSimulator
import LacriptaTestSupport
import Testing

@testable import LacriptaCore

/// The candle chain over the simulator: Kraken where it lists the pair, Coinbase where only it
/// does (gaps kept), the market source's own candles where neither has the pair or the width, and
/// an unreachable exchange passed over with a note.
@Suite("Candle chain over the simulator")
struct CandleChainTests {
    private func chain(_ simulator: Simulator, kraken: URL? = nil) throws -> CandleChain {
        var configuration = Configuration(
            apiBaseURL: simulator.restBaseURL, streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-unused-\(UUID().uuidString)"),
            coinGeckoBaseURL: simulator.coinGeckoBaseURL)
        configuration.exchangeAPIURLs = [.kraken: kraken ?? simulator.krakenAPIURL, .coinbase: simulator.coinbaseAPIURL]
        let exchanges = ExchangeCandlesClient(configuration: configuration, transport: NativeHTTPTransport())
        return CandleChain(exchanges: exchanges, market: CoinGeckoClient(configuration: configuration, transport: NativeHTTPTransport()))
    }

    private func coin(_ id: String, _ symbol: String) -> CoinListEntry {
        CoinListEntry(id: id, symbol: symbol, name: id)
    }

    @Test("BTC in USD, hourly for a week: Kraken's XBT/USD, 168 candles an hour apart, with volume")
    func kraken() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let answer = try await chain(simulator).candles(coin: coin("bitcoin", "BTC"), currency: "USD", range: .week, interval: .hour)
        let series = answer.series.value
        #expect(series.source == "Kraken" && series.market == "XBT/USD" && series.interval == .hour)
        #expect(series.candles.count == 168)
        #expect(series.hasVolume && answer.notes.isEmpty)
        #expect(zip(series.candles, series.candles.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 3600 })
    }

    @Test("SOL, which only Coinbase lists: its candles, oldest first, with the quiet periods left out")
    func coinbase() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let answer = try await chain(simulator).candles(coin: coin("solana", "SOL"), currency: "USD", range: .day, interval: .fiveMinutes)
        let series = answer.series.value
        #expect(series.source == "Coinbase" && series.market == "SOL-USD")
        #expect((270...288).contains(series.candles.count))
        let gaps = zip(series.candles, series.candles.dropFirst()).map { $1.time.timeIntervalSince($0.time) }
        #expect(gaps.allSatisfy { $0 == 300 || $0 == 600 } && gaps.contains(600))
    }

    @Test("the whole history says where an exchange's candles stop (Coinbase: 300, one request); a fixed range says nothing")
    func maxLimit() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let all = try await chain(simulator).candles(coin: coin("solana", "SOL"), currency: "USD", range: .max, interval: .day)
        #expect(all.series.value.source == "Coinbase")
        #expect(all.series.value.limit == "Coinbase gives 300 candles a request, and a chart makes one")
        let year = try await chain(simulator).candles(coin: coin("solana", "SOL"), currency: "USD", range: .year, interval: .day)
        #expect(year.series.value.limit == nil)
    }

    @Test("a width Coinbase lacks (4h) or a coin no exchange lists: CoinGecko's own candles, no volume")
    func marketFallback() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let sol = try await chain(simulator).candles(coin: coin("solana", "SOL"), currency: "USD", range: .month, interval: .fourHours)
        #expect(sol.series.value.source == "CoinGecko" && sol.series.value.interval == .fourHours && !sol.series.value.hasVolume)
        let ada = try await chain(simulator).candles(coin: coin("cardano", "ADA"), currency: "USD", range: .day, interval: .fiveMinutes)
        #expect(ada.series.value.source == "CoinGecko" && ada.series.value.interval == .thirtyMinutes)
        #expect((40...48).contains(ada.series.value.candles.count))
    }

    @Test("an unreachable Kraken is passed over with a note naming it, and Coinbase answers")
    func unreachableExchange() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let closed = try #require(ClosedPort())
        let answer = try await chain(simulator, kraken: URL(string: "http://127.0.0.1:\(closed.port)"))
            .candles(coin: coin("bitcoin", "BTC"), currency: "USD", range: .day, interval: .fifteenMinutes)
        #expect(answer.series.value.source == "Coinbase")
        #expect(answer.notes.count == 1 && answer.notes.first?.hasPrefix("Kraken passed over") == true)
    }
}
