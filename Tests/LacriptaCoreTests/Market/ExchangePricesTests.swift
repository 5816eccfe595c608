import Foundation
import LacriptaCore
import LacriptaSimulator
import LacriptaWebSocket
import Testing

/// Keyless live prices behind the screens' seam, over real sockets against the simulator's
/// exchanges.
@Suite("Exchange prices (keyless live prices)", .timeLimit(.minutes(3)))
struct ExchangePricesTests {
    private func subscription(_ symbol: String) throws -> Subscription {
        try #require(Subscription.aggregate(from: symbol, to: "USD"))
    }

    /// Prices from the simulator's Coinbase, else Kraken.
    private func prices(_ exchanges: ExchangeFeeds, debounce: Duration = .zero, outliveTheirSets: Bool = false) -> ExchangePrices {
        let client = NativeWebSocketClient()
        return ExchangePrices(debounce: debounce, outliveTheirSets: outliveTheirSets) { exchange, pairs in
            ExchangeFeed(
                exchange: exchange, url: exchanges.url(for: SimulatedExchange(rawValue: exchange.rawValue) ?? .coinbase), pairs: pairs,
                client: client, keeping: .latest)
        }
    }

    @Test("streams the wanted pairs; changes within the pause cost one reconnect for the final set; stop ends the stream")
    func followsAndSwitches() async throws {
        var options = ExchangeFeeds.Options(seed: 6)
        options.rates = [ExchangeSetting(20)]
        let simulator = try SimulatorHarness.start(exchanges: options)
        defer { simulator.stop() }
        let exchanges = try #require(simulator.exchanges)
        let source = prices(exchanges, debounce: .milliseconds(200))
        var iterator = source.eventBatches.makeAsyncIterator()
        /// Reads batches until one carries a price of `symbol`.
        func waitForPrice(of symbol: String) async throws {
            while let batch = try await iterator.next() {
                if batch.contains(where: { if case .update(let change) = $0 { change.pair.from == symbol } else { false } }) { return }
            }
            Issue.record("the stream ended before a price of \(symbol)")
        }

        await source.follow([try subscription("BTC")])
        try await waitForPrice(of: "BTC")
        #expect(Set(exchanges.clientMessages(.coinbase).map(\.connection)).count == 1)
        await source.follow([try subscription("BTC"), try subscription("ETH")])
        await source.follow([try subscription("BTC"), try subscription("ETH"), try subscription("SOL")])
        try await waitForPrice(of: "SOL")
        #expect(Set(exchanges.clientMessages(.coinbase).map(\.connection)).count == 2, "one reconnect for both changes")
        await source.stop()
        while try await iterator.next() != nil {}
    }

    @Test("a pair neither exchange lists is refused once, naming both, and then the prices end by themselves")
    func everythingRefusedEnds() async throws {
        let simulator = try SimulatorHarness.start(exchanges: ExchangeFeeds.Options(seed: 3))
        defer { simulator.stop() }
        let exchanges = try #require(simulator.exchanges)
        let source = prices(exchanges)
        await source.follow([try subscription("NOPE")])
        var refusals: [InvalidSubscription] = []
        for try await batch in source.eventBatches {
            for case .invalidSubscription(let refusal) in batch { refusals.append(refusal) }
        }
        #expect(refusals.map(\.parameter) == ["NOPE/USD"])
        #expect(refusals.first?.info == "neither Coinbase nor Kraken lists it")
        await source.stop()
    }

    @Test("prices that outlive their sets (a scrolling view): a refused set leaves them open, and the next set streams")
    func refusedSetLeavesAViewsPricesOpen() async throws {
        let simulator = try SimulatorHarness.start(exchanges: ExchangeFeeds.Options(seed: 4))
        defer { simulator.stop() }
        let exchanges = try #require(simulator.exchanges)
        let source = prices(exchanges, outliveTheirSets: true)
        var iterator = source.eventBatches.makeAsyncIterator()
        await source.follow([try subscription("NOPE")])
        var refused = false
        while !refused, let batch = try await iterator.next() {
            refused = batch.contains { if case .invalidSubscription = $0 { true } else { false } }
        }
        #expect(refused)
        await source.follow([try subscription("BTC")])
        var priced = false
        while !priced, let batch = try await iterator.next() {
            priced = batch.contains { if case .update(let change) = $0 { change.pair.from == "BTC" } else { false } }
        }
        #expect(priced, "the prices ended with the refused set")
        await source.stop()
    }
}
