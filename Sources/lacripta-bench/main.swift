// In-process benchmarks and probes for `make bench` (scripts/bench/bench.py); not shipped.
//
// Usage:
//   lacripta-bench decoder [FRAMES]        frames/s through the frame decoder (and a header walk)
//   lacripta-bench parser [MESSAGES]       streamer messages/s through parse + merge
//   lacripta-bench live-lines [MESSAGES]   messages/s through parse + merge + NDJSON line (live --json)
//   lacripta-bench exchanges [MESSAGES]    messages/s through each exchange adapter's parser
//   lacripta-bench raw-reader URL          a trivial client: handshake, SubAdd, walk frame headers
//   lacripta-bench transport URL           the native WebSocket client alone, counting messages
//   lacripta-bench feed-parse DIR          ms to read a 1 MB RSS feed grown from DIR/feed-coindesk.xml
//   lacripta-bench chart                   ms to draw a year of daily closes, 200 columns, braille and blocks
//   lacripta-bench candle-chart            ms to draw a year of daily candles with volume, 200 columns, both modes
//   lacripta-bench coin-search [COINS]     ms to decode a CoinGecko-sized coin list, index it, search it
//   lacripta-bench archive [ARTICLES]      the news archive: build, store 200, search, size on disk
//   lacripta-bench book [INCREMENTS]       increments/s on a 20-level book, and a walk for a size
// Each prints one JSON object per figure on stdout.
import Foundation
import LacriptaCLI

/// Fails the run with a message on stderr.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("lacripta-bench: \(message)\n".utf8))
    exit(1)
}

/// Prints one figure as a JSON object.
func report(_ name: String, _ fields: [String: Double]) {
    let body = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
    print("{\"metric\":\"\(name)\",\(body)}")
}

/// Seconds in a duration.
func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "decoder":
    FrameBenchmarks.run(frames: arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000_000)
case "parser":
    let messages = arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000_000
    let result = LacriptaCoreBench.parseAndMerge(messages: messages)
    report("parser", ["messagesPerSecond": result.rate, "messages": Double(result.messages), "malformed": Double(result.malformed)])
case "live-lines":
    let messages = arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000_000
    let result = LacriptaCoreBench.best { LiveBenchmark.run(messages: messages) }
    report("live-lines", ["messagesPerSecond": result.rate, "messages": Double(result.messages), "malformed": Double(result.malformed)])
case "exchanges":
    let messages = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
    for workload in ExchangeBenchmark.workloads() {
        let result = LacriptaCoreBench.best { ExchangeBenchmark.run(workload, messages: messages) }
        report(
            "exchange-\(workload.name)",
            ["messagesPerSecond": result.rate, "messages": Double(result.messages), "malformed": Double(result.malformed)])
    }
case "raw-reader":
    guard let text = arguments.dropFirst().first, let url = URL(string: text) else { fail("raw-reader needs a ws:// URL") }
    RawReader.run(url: url)
case "transport":
    guard let text = arguments.dropFirst().first, let url = URL(string: text) else { fail("transport needs a ws:// URL") }
    await TransportProbe.run(url: url)
case "feed-parse":
    guard let directory = arguments.dropFirst().first else { fail("feed-parse needs the recorded data directory") }
    FeedBenchmark.run(recorded: URL(fileURLWithPath: directory))
case "chart":
    ChartBenchmark.run()
case "candle-chart":
    CandleChartBenchmark.run()
case "coin-search":
    CoinSearchBenchmark.run(coins: arguments.dropFirst().first.flatMap { Int($0) } ?? 17_000)
case "archive":
    ArchiveBenchmark.run(articles: arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000)
case "book":
    OrderBookBenchmark.run(increments: arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000)
case "ledger":
    LedgerBenchmark.run(rows: arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000)
default:
    fail(
        "usage: lacripta-bench decoder|parser|live-lines|exchanges|raw-reader URL|transport URL|feed-parse DIR|chart|candle-chart|coin-search [COINS]|archive [ARTICLES]|book [INCREMENTS]|ledger [ROWS]"
    )
}
