import Foundation
import LacriptaCore

/// An in-process micro-benchmark of the exchange adapters' parsers, for `make bench`: recorded
/// quote frames of each exchange, cycled through one adapter as a connection would feed them.
///
/// Like `StreamerBenchmark`, every frame is laid out in one buffer before the clock starts, and
/// the events array is reused, so the figure is the parser's own work: scanning, reading the
/// figures, building the quote. Target 1,000,000 messages/s per adapter; reported, not asserted.
enum ExchangeBenchmark {
    /// One measured workload: an adapter, the frames that set its connection up, and the frames
    /// cycled under the clock.
    struct Workload {
        var name: String
        var adapter: any ExchangeAdapter
        var setup: [String]
        var frames: [String]
    }

    /// The workloads, from `Resources/recorded/exchanges/*.jsonl` (1-based line numbers).
    static func workloads() -> [Workload] {
        let pairs = ["BTC/USD", "ETH/USD", "LTC/BTC", "BTCF0/USTF0", "BNB/USDT", "BNB/BTC", "BTC/USDT"].compactMap(TradingPair.init)
        let binance = lines("binance")
        let bitstamp = lines("bitstamp")
        let bitfinex = lines("bitfinex")
        return [
            // The 2017 ticker without sizes and the full 2022 one.
            Workload(name: "coinbase", adapter: CoinbaseAdapter(pairs: pairs), setup: [], frames: Array(lines("coinbase")[1...2])),
            // The 2025 bbo ticker and the 2026 one with a timestamp.
            Workload(name: "kraken", adapter: KrakenAdapter(pairs: pairs), setup: [], frames: Array(lines("kraken")[2...3])),
            // The recorded book (two levels a side, as quoted) and trade.
            Workload(name: "bitstamp", adapter: BitstampAdapter(pairs: pairs), setup: [], frames: Array(bitstamp[1...2])),
            // A book as the wire sends it, 100 levels a side (about 5 KB), and the trade.
            Workload(name: "bitstamp-100-levels", adapter: BitstampAdapter(pairs: pairs), setup: [], frames: [fullBook, bitstamp[2]]),
            // The perp and spot tickers, after the acks that map their channel ids.
            Workload(
                name: "bitfinex", adapter: BitfinexAdapter(pairs: pairs), setup: [bitfinex[2], bitfinex[4]],
                frames: [bitfinex[3], bitfinex[5]]),
            // The wrapped bookTicker and 24hrTicker.
            Workload(name: "binance", adapter: BinanceAdapter(pairs: pairs), setup: [], frames: Array(binance[2...3])),
            // The spot bbo-tbt push and the tickers push.
            Workload(name: "okx", adapter: OKXAdapter(pairs: pairs), setup: [], frames: Array(lines("okx")[2...3])),
            // The bookTicker with nanoseconds and the one with an empty bid.
            Workload(name: "gemini", adapter: GeminiAdapter(pairs: pairs), setup: [], frames: Array(lines("gemini")[1...2])),
            // A 20-level book and a thousand increments of consecutive seqIds, each moving two
            // levels; the cycle starts again from the snapshot, so every increment is applied.
            Workload(name: "cex-book-20-levels", adapter: CEXAdapter(pairs: pairs), setup: [], frames: cexBook),
        ]
    }

    /// Runs `messages` frames of `workload` through its adapter.
    static func run(_ workload: Workload, messages: Int, clock: ContinuousClock = ContinuousClock()) -> StreamerBenchmark.Result {
        var adapter = workload.adapter
        for text in workload.setup { _ = adapter.receive(text) }
        return measure(&adapter, frames: workload.frames, messages: messages, clock: clock)
    }

    /// The measured loop, on the adapter's concrete type (opened once, not per message).
    private static func measure<Adapter: ExchangeAdapter>(
        _ adapter: inout Adapter, frames: [String], messages: Int, clock: ContinuousClock
    ) -> StreamerBenchmark.Result {
        guard messages > 0, !frames.isEmpty else { return StreamerBenchmark.Result(messages: 0, duration: .zero, malformed: 0) }
        let encoded = frames.map { Array($0.utf8) }
        var buffer: [UInt8] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(messages)
        for index in 0..<messages {
            let frame = encoded[index % encoded.count]
            ranges.append(buffer.count..<(buffer.count + frame.count))
            buffer.append(contentsOf: frame)
        }
        var events: [ExchangeEvent] = []
        events.reserveCapacity(8)
        var malformed = 0
        var checksum = 0.0
        let start = clock.now
        buffer.withUnsafeBytes { bytes in
            for range in ranges {
                events.removeAll(keepingCapacity: true)
                adapter.receive(UnsafeRawBufferPointer(rebasing: bytes[range]), into: &events)
                for event in events {
                    switch event {
                    case .quote(let quote): checksum += quote.bid?.value ?? quote.last?.value ?? 0
                    case .malformed: malformed += 1
                    default: break
                    }
                }
            }
        }
        let duration = start.duration(to: clock.now)
        // Keeps the optimizer from discarding the loop; the value itself is meaningless.
        if checksum.isNaN { malformed += 1 }
        return StreamerBenchmark.Result(messages: messages, duration: duration, malformed: malformed)
    }

    /// The non-empty lines of a recorded exchange session, read from the repository the bench runs in.
    private static func lines(_ exchange: String) -> [String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/recorded/exchanges/\(exchange).jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            preconditionFailure("lacripta-bench reads \(file.path); run it from a checkout of lacripta")
        }
        return text.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// CEX.IO's BTC-USD snapshot with 20 levels a side, then 999 increments with the next seqIds:
    /// each resizes one bid and one ask level (never to zero, so the book keeps 20 a side).
    private static let cexBook: [String] = {
        func level(_ cents: Int, _ size: Int) -> String {
            "[\"\(cents / 10).\(cents % 10)\",\"0.\(String(format: "%08d", size))\"]"
        }
        let bids = (0..<20).map { level(868_750 - $0 * 3, 4_301_025 + $0 * 7919) }.joined(separator: ",")
        let asks = (0..<20).map { level(868_751 + $0 * 3, 3_405_296 + $0 * 7919) }.joined(separator: ",")
        var frames = [
            #"{"e":"order_book_subscribe","oid":"1_0_order_book_subscribe","data":{"seqId":0,"pair":"BTC-USD","bids":["# + bids
                + #"],"asks":["# + asks + #"]},"ok":"ok"}"#
        ]
        for sequence in 1..<1000 {
            let bid = level(868_750 - (sequence % 20) * 3, 1_000_000 + sequence)
            let ask = level(868_751 + (sequence * 7 % 20) * 3, 2_000_000 + sequence)
            frames.append(
                #"{"e":"order_book_increment","data":{"seqId":"# + String(sequence) + #","pair":"BTC-USD","bids":["# + bid + #"],"asks":["#
                    + ask + #"]},"ok":"ok"}"#)
        }
        return frames
    }()

    /// A BTC/USD book frame in the recorded frame's shape with 100 levels a side, as Bitstamp
    /// sends it (the recording quotes two).
    private static let fullBook: String = {
        /// 100 levels from `cents`, `step` cents apart, each `["price","amount"]`.
        func levels(from cents: Int, step: Int) -> String {
            (0..<100).map { level in
                let price = cents + level * step
                let amount = 1_000_000 + level * 7919
                return "[\"\(price / 100).\(String(format: "%02d", price % 100))\",\"0.\(String(format: "%08d", amount))\"]"
            }.joined(separator: ",")
        }
        let data =
            "{\"timestamp\":\"1606965727\",\"microtimestamp\":\"1606965727403931\",\"bids\":[\(levels(from: 1_913_397, step: -3))],"
            + "\"asks\":[\(levels(from: 1_914_175, step: 3))]}"
        return "{\"data\":\(data),\"channel\":\"order_book_btcusd\",\"event\":\"data\"}"
    }()
}
