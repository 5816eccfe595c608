import LacriptaSimulator
import Testing

/// `histoday` for a chart's 90 and 365 days and for coins besides BTC: as many bars as min-api
/// gives, continuous, ending with the recording.
@Suite("REST: histoday ranges")
struct HistodayTests {
    private func bars(_ simulator: Simulator, _ query: String) throws -> [JSONValue] {
        try #require(try RawHTTPClient.fetch(port: simulator.restPort, "/data/v2/histoday?\(query)").json()["Data"]?["Data"]?.arrayElements)
    }

    @Test("limit=N gives N+1 daily bars, older ones synthesized before the recorded 31, open = previous close", arguments: [90, 365])
    func longRanges(limit: Int) throws {
        try withSimulator { (simulator: Simulator) throws in
            let long = try bars(simulator, "fsym=BTC&tsym=USD&limit=\(limit)")
            let recorded = try bars(simulator, "fsym=BTC&tsym=USD&limit=30")
            #expect(long.count == limit + 1)
            #expect(Array(long.suffix(31)) == recorded)
            let times = long.compactMap { $0["time"]?.doubleValue }
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 86_400 })
            for (previous, bar) in zip(long, long.dropFirst()).prefix(limit - 30) {
                #expect(bar["open"] == previous["close"])
                let high = try #require(bar["high"]?.doubleValue)
                let low = try #require(bar["low"]?.doubleValue)
                #expect(low > 0 && low <= high)
            }
            // Every run serves the same history.
            #expect(try bars(simulator, "fsym=BTC&tsym=USD&limit=\(limit)") == long)
        }
    }

    @Test("limit is capped at 2000 like min-api; ETH is BTC's shape at ETH's price; an unknown coin is the pair error")
    func capAndOtherCoins() throws {
        try withSimulator { (simulator: Simulator) throws in
            #expect(try bars(simulator, "fsym=BTC&tsym=USD&limit=5000").count == 2001)
            let eth = try bars(simulator, "fsym=ETH&tsym=USD&limit=90")
            #expect(eth.count == 91)
            let close = try #require(eth.last?["close"]?.doubleValue)
            #expect(close > 2_000 && close < 5_000)
            let unknown = try RawHTTPClient.fetch(port: simulator.restPort, "/data/v2/histoday?fsym=SOL&tsym=USD").json()
            #expect(unknown["Response"] == .string("Error"))
        }
    }
}
