import Foundation
import LacriptaCore

/// The news archive at the size the issue names: 100,000 articles, then storing one fetch of 200,
/// searching it, and the file's size. Articles are generated from a fixed vocabulary with a
/// seeded generator, so each run builds the same archive.
enum ArchiveBenchmark {
    /// Builds an archive of `articles` in a temporary folder and reports the figures.
    static func run(articles: Int = 100_000, runs: Int = 5) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-bench-archive-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = ContinuousClock()
        var random = SplitMix64(seed: 42)
        let now = Date()
        do {
            let archive = try ArticleArchive(directory: folder, keepDays: 36_500)
            let start = clock.now
            var made = 0
            while made < articles {
                let batch = (made..<min(made + 1000, articles)).map { article($0, now: now, random: &random) }
                try archive.store(batch, from: .feeds, now: now)
                made += batch.count
            }
            report("archive-build", ["seconds": seconds(clock.now - start), "articles": Double(try archive.count())])

            var storeBest = Double.infinity
            for run in 0..<runs {
                let fetch = (0..<200).map { article(articles + run * 200 + $0, now: now, random: &random) }
                let begin = clock.now
                try archive.store(fetch, from: .feeds, now: now)
                storeBest = min(storeBest, seconds(clock.now - begin))
            }
            report("archive-store-200", ["milliseconds": storeBest * 1000])

            // A rare pair of words, a common word (thousands of matches to rank), a miss.
            for (name, query) in [("two-words", "staking validators"), ("common", "bitcoin"), ("miss", "zyzzyva")] {
                var best = Double.infinity
                var found = 0
                for _ in 0..<(runs * 4) {
                    let begin = clock.now
                    found = try archive.search(query, limit: 20).count
                    best = min(best, seconds(clock.now - begin))
                }
                report("archive-search-\(name)", ["milliseconds": best * 1000, "results": Double(found)])
            }
        } catch {
            fail("archive benchmark: \(error)")
        }
        let files = ["", "-wal", "-shm"].map { folder + "/" + ArticleArchive.fileName + $0 }
        let bytes = files.compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }.reduce(0, +)
        report("archive-size", ["megabytes": Double(bytes) / 1e6, "articles": Double(articles + runs * 200)])
    }

    private static let words = [
        "bitcoin", "ether", "staking", "validators", "market", "price", "rally", "fund", "regulator", "exchange", "token", "yield",
        "mining", "hashrate", "stablecoin", "liquidity", "options", "futures", "inflows", "treasury", "protocol", "upgrade", "wallet",
        "custody", "lending", "bridge", "exploit", "governance", "layer", "rollup", "fees", "volume", "traders", "analysts", "court",
    ]

    /// Article `number`: a title of 8 words and a body of 60, like a feed item's excerpt.
    private static func article(_ number: Int, now: Date, random: inout SplitMix64) -> NewsArticle {
        func text(_ count: Int) -> String {
            (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        return NewsArticle(
            id: "bench-\(number)", title: text(8).capitalized, url: "https://example.com/news/\(number)", body: text(60),
            publishedOn: now - Double(number) * 60, source: ["CoinDesk", "Decrypt", "The Block"][number % 3], categories: ["Markets"],
            tags: ["Bitcoin"])
    }
}
