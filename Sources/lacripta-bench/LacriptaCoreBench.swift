import LacriptaCore

/// The streamer parser and the board, through `StreamerBenchmark`.
enum LacriptaCoreBench {
    /// Parses and merges `messages` recorded updates; the best of three runs.
    static func parseAndMerge(messages: Int) -> (rate: Double, messages: Int, malformed: Int) {
        best { StreamerBenchmark.run(messages: messages) }
    }

    /// The best of three runs of `body`.
    static func best(_ body: () -> StreamerBenchmark.Result) -> (rate: Double, messages: Int, malformed: Int) {
        var best = body()
        for _ in 0..<2 {
            let next = body()
            if next.messagesPerSecond > best.messagesPerSecond { best = next }
        }
        return (best.messagesPerSecond, best.messages, best.malformed)
    }
}
