import Foundation
import LacriptaCore

/// An in-process micro-benchmark of the streamer hot path (parse + merge), for `make bench`.
///
/// It parses and merges a pre-built buffer of recorded TYPE 5 partial updates, so the figure measures
/// the scanner and the board only: no sockets, no event stream, no allocation for the input.
enum StreamerBenchmark {
    /// The outcome of one run.
    struct Result: Sendable, Equatable {
        /// Messages parsed and merged.
        var messages: Int
        /// Wall time of the measured loop.
        var duration: Duration
        /// Messages that failed to parse (should be 0).
        var malformed: Int

        /// Throughput in messages per second.
        var messagesPerSecond: Double {
            let (seconds, attoseconds) = duration.components
            let total = Double(seconds) + Double(attoseconds) / 1e18
            return total > 0 ? Double(messages) / total : 0
        }
    }

    /// Recorded partial updates (BTC and ETH, with and without PRICE): lines 7 to 14 of
    /// `Resources/recorded/stream-session-btc-eth.jsonl`, read from the repository the bench runs in.
    static let recordedUpdates: [String] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/recorded/stream-session-btc-eth.jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            preconditionFailure("lacripta-bench reads \(file.path); run it from a checkout of lacripta")
        }
        return Array(text.split(whereSeparator: \.isNewline).map(String.init)[6..<14])
    }()

    /// Parses and merges `messages` updates cycled from `lines`, returning the throughput.
    ///
    /// All frames are laid out in one contiguous buffer before the clock starts. `fields` is what
    /// the parser reads and `pairs` the pairs it expects (see `StreamerParser.init(fields:expecting:)`). With a `sink`, every merged change is
    /// handed to it as the feed would, with `endOfBatch` after every 128 messages (about one
    /// socket read's worth): that measures the whole per-message work of `lacripta live --json`
    /// but the socket.
    static func run(
        messages: Int, lines: [String] = recordedUpdates, fields: PriceFieldSet = .all, expecting pairs: [PairKey] = [],
        sink: (any PriceUpdateSink)? = nil, clock: ContinuousClock = ContinuousClock()
    ) -> Result {
        guard messages > 0, !lines.isEmpty else { return Result(messages: 0, duration: .zero, malformed: 0) }
        let encoded = lines.map { Array($0.utf8) }
        var buffer: [UInt8] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(messages)
        for index in 0..<messages {
            let line = encoded[index % encoded.count]
            ranges.append(buffer.count..<(buffer.count + line.count))
            buffer.append(contentsOf: line)
        }
        let parser = StreamerParser(fields: fields, expecting: pairs)
        // The feed's board keeps only its subscribed pairs; measure that board when there are some.
        var board = pairs.isEmpty ? PriceBoard() : PriceBoard(keeping: pairs)
        var record = ScanRecord()
        var malformed = 0
        var checksum = 0.0
        let start = clock.now
        // The feed's own per-message steps (`PriceFeed.handle`): parse into one reused record,
        // merge from it, read the state in place.
        buffer.withUnsafeBytes { bytes in
            for (index, range) in ranges.enumerated() {
                let frame = UnsafeRawBufferPointer(rebasing: bytes[range])
                switch parser.parse(frame, into: &record) {
                case .priceUpdate:
                    if let sink {
                        _ = board.merge(scanned: record, receivedAt: .zero) { sink.receive($0, $1) }
                        if index & 127 == 127 { sink.endOfBatch() }
                    } else {
                        checksum += board.merge(scanned: record, receivedAt: .zero) { state, _ in state.price ?? 0 } ?? 0
                    }
                case .message:
                    malformed += 1
                }
            }
        }
        sink?.endOfBatch()
        let duration = start.duration(to: clock.now)
        // Keeps the optimizer from discarding the loop; the value itself is meaningless.
        if checksum.isNaN { malformed += 1 }
        return Result(messages: messages, duration: duration, malformed: malformed)
    }
}
