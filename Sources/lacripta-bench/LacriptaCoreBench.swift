import LacriptaCore

/// The streamer parser and the board, through `StreamerBenchmark`.
enum LacriptaCoreBench {
    /// Parses and merges `messages` recorded updates; the best of three runs.
    static func parseAndMerge(messages: Int) -> (rate: Double, messages: Int, malformed: Int) {
        var best = StreamerBenchmark.run(messages: messages)
        for _ in 0..<2 {
            let next = StreamerBenchmark.run(messages: messages)
            if next.messagesPerSecond > best.messagesPerSecond { best = next }
        }
        return (best.messagesPerSecond, best.messages, best.malformed)
    }
}
