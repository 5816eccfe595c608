import Foundation
import LacriptaCore

/// How long the coin list takes to decode and a search over it: CoinGecko's `/coins/list` shape
/// at its real size (about 17,000 coins, over 1 MB), constructed here so the figure does not
/// depend on what the simulator serves.
enum CoinSearchBenchmark {
    /// Decodes a constructed list of `coins` entries and searches it; reports the best of `runs`.
    static func run(coins: Int = 17_000, runs: Int = 10) {
        let document = body(coins: coins)
        let clock = ContinuousClock()
        var decodeBest = Double.infinity
        var entries: [CoinListEntry] = []
        for _ in 0..<runs {
            let start = clock.now
            guard let decoded = try? CoinGeckoCoinListResponse.decode(document) else { fail("the constructed coin list does not decode") }
            decodeBest = min(decodeBest, seconds(clock.now - start))
            entries = decoded
        }
        report("coin-list-decode", ["milliseconds": decodeBest * 1000, "bytes": Double(document.count), "coins": Double(entries.count)])

        var indexBest = Double.infinity
        var search = CoinSearch(entries: [])
        for _ in 0..<runs {
            let start = clock.now
            search = CoinSearch(entries: entries, ranks: ["BITCOIN": 1, "ETHEREUM": 2])
            indexBest = min(indexBest, seconds(clock.now - start))
        }
        report("coin-search-index", ["milliseconds": indexBest * 1000, "coins": Double(search.count)])

        // A ticker, two letters (thousands of hits to rank: the slow case) and a two-word name.
        for (name, query) in [("eth", "eth"), ("short", "co"), ("name", "wrapped ba")] {
            var best = Double.infinity
            var found = 0
            for _ in 0..<(runs * 5) {
                let start = clock.now
                found = search.search(query, limit: 20).count
                best = min(best, seconds(clock.now - start))
            }
            report("coin-search-\(name)", ["milliseconds": best * 1000, "results": Double(found)])
        }
    }

    /// `[{"id":…,"symbol":…,"name":…},…]` with `coins` entries, tickers repeating as in the real list.
    static func body(coins: Int) -> Data {
        let syllables = ["ba", "co", "di", "fe", "ge", "ka", "lo", "mi", "no", "pa", "ri", "so", "tu", "ve", "wa"]
        var text = "[{\"id\":\"bitcoin\",\"symbol\":\"btc\",\"name\":\"Bitcoin\"},{\"id\":\"ethereum\",\"symbol\":\"eth\",\"name\":\"Ethereum\"}"
        for index in 0..<coins - 2 {
            var word = ""
            var rest = index
            for _ in 0..<4 {
                word += syllables[rest % syllables.count]
                rest /= syllables.count
            }
            let name = index % 9 == 0 ? "Wrapped \(word.capitalized)" : word.capitalized + (index % 4 == 0 ? " Token" : "")
            text += ",{\"id\":\"\(word)-\(index)\",\"symbol\":\"\(word.prefix(3 + index % 2))\",\"name\":\"\(name)\"}"
        }
        return Data((text + "]").utf8)
    }
}
