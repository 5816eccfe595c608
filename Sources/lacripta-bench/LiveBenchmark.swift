import LacriptaCLI
import LacriptaCore
import LacriptaTerminal

/// The in-process benchmark of `lacripta live --json`'s per-message work, for `make bench`:
/// parse with the figures live reads, merge, and format the NDJSON line through the same
/// `LiveLineSink` the command uses, into an output that discards it. Everything but the socket
/// and the actor hop, so its figure is the ceiling of the live pipeline on one core.
enum LiveBenchmark {
    /// Runs `messages` recorded updates through the pipeline.
    static func run(messages: Int) -> StreamerBenchmark.Result {
        let subscriptions = ["BTC", "ETH"].compactMap { Subscription.aggregate(from: $0, to: "USD") }
        let sink = LiveLineSink(output: DiscardingOutput(), form: .json, subscriptions: subscriptions)
        return StreamerBenchmark.run(messages: messages, fields: LiveLine.fields, expecting: subscriptions.map(\.pair), sink: sink)
    }
}

/// An output that drops what it is given, like `> /dev/null` without the system call.
private struct DiscardingOutput: TerminalOutput {
    func write(_ text: String) {}
    func write(bytes: UnsafeRawBufferPointer) {}
}
