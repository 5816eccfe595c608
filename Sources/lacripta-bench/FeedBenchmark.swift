import Foundation
import LacriptaCore

/// How long reading a 1 MB RSS feed takes: the recorded CoinDesk feed with its items repeated
/// (each with a link of its own, so nothing is merged away) until the document passes 1 MB.
enum FeedBenchmark {
    /// Reads `directory/feed-coindesk.xml`, grows it to `bytes`, and reports the best of `runs`
    /// parses in milliseconds and the items read.
    static func run(recorded directory: URL, bytes: Int = 1 << 20, runs: Int = 10) {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("feed-coindesk.xml"), encoding: .utf8),
            let first = text.range(of: "<item>"), let last = text.range(of: "</item>", options: .backwards)
        else { fail("cannot read feed-coindesk.xml under \(directory.path)") }
        let head = text[..<first.lowerBound]
        let items = text[first.lowerBound..<last.upperBound]
        let tail = text[last.upperBound...]
        var body = ""
        var copy = 0
        while head.utf8.count + body.utf8.count + tail.utf8.count < bytes {
            copy += 1
            body += items.replacingOccurrences(of: "</link>", with: "?copy=\(copy)</link>")
        }
        let document = Data((head + body + tail).utf8)
        guard let url = URL(string: "https://www.coindesk.com/arc/outboundfeeds/rss/") else { fail("bad URL") }
        let outlet = FeedOutlet(name: "CoinDesk", url: url)
        var best = Double.infinity
        var count = 0
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let start = clock.now
            guard let feed = try? FeedReader.read(document, from: outlet) else { fail("the grown feed does not read") }
            best = min(best, seconds(clock.now - start))
            count = feed.articles.count
        }
        report("feed-parse", ["milliseconds": best * 1000, "bytes": Double(document.count), "articles": Double(count)])
    }
}
