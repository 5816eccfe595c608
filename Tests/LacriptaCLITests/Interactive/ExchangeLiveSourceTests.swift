import Foundation
import LacriptaCore
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@testable import LacriptaCLI

/// The full-screen view's keyless live source over real sockets, against the simulator's Coinbase.
@Suite("Interactive keyless live source")
struct ExchangeLiveSourceTests {
    private func subscription(_ symbol: String) throws -> Subscription {
        try #require(Subscription.aggregate(from: symbol, to: "USD"))
    }

    @Test(
        "streams the wanted pairs; changes within the pause cost one reconnect for the final set; stop ends the stream",
        .timeLimit(.minutes(3)))
    func followsAndSwitches() async throws {
        var options = ExchangeFeeds.Options(seed: 6)
        options.rates = [ExchangeSetting(20)]
        let simulator = try SimulatorHarness.start(exchanges: options)
        defer { simulator.stop() }
        let exchanges = try #require(simulator.exchanges)
        let client = NativeWebSocketClient()
        let source = ExchangeLiveSource(debounce: .milliseconds(200), clock: ContinuousClock()) { pairs in
            ExchangePriceFeed(pairs: pairs) { exchange, pairs in
                ExchangeFeed(
                    exchange: exchange, url: exchanges.url(for: SimulatedExchange(rawValue: exchange.rawValue) ?? .coinbase), pairs: pairs,
                    client: client)
            }
        }
        var iterator = source.eventBatches.makeAsyncIterator()
        /// Reads batches until one carries a price of `symbol`.
        func waitForPrice(of symbol: String) async throws {
            while let batch = try await iterator.next() {
                if batch.contains(where: { if case .update(let change) = $0 { change.pair.from == symbol } else { false } }) { return }
            }
            Issue.record("the stream ended before a price of \(symbol)")
        }

        await source.setSubscriptions([try subscription("BTC")])
        try await waitForPrice(of: "BTC")
        #expect(Set(exchanges.clientMessages(.coinbase).map(\.connection)).count == 1)
        await source.setSubscriptions([try subscription("BTC"), try subscription("ETH")])
        await source.setSubscriptions([try subscription("BTC"), try subscription("ETH"), try subscription("SOL")])
        try await waitForPrice(of: "SOL")
        #expect(Set(exchanges.clientMessages(.coinbase).map(\.connection)).count == 2, "one reconnect for both changes")
        await source.stop()
        while try await iterator.next() != nil {}
    }
}
