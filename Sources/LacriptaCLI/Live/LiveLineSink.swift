import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta live` off a terminal (or with `--json`): turns each update into a line right on the
/// feed (see `PriceUpdateSink`), buffers the lines as bytes and writes them once per batch of
/// received messages: at a million updates a second that is a few hundred large writes, and a
/// slow stream's update still appears the moment it arrives.
final class LiveLineSink: PriceUpdateSink, @unchecked Sendable {
    // @unchecked: the feed calls `receive` and `endOfBatch` one at a time from its executor (the
    // protocol's contract), and `finish` is called only after the feed has ended; nothing else
    // touches the mutable state, so it needs no lock.

    /// How the lines look.
    enum Form {
        /// One NDJSON object per update.
        case json
        /// Readable text in `currency`, rendered by `renderer`, stamped by `now`.
        case plain(currency: String, renderer: ANSIRenderer, now: @Sendable () -> Date)
    }

    private let output: any TerminalOutput
    private let form: Form
    /// The requested pairs, in order; updates for any other pair are not printed.
    private let pairs: [PairKey]
    /// One JSON formatter per pair, made on its first update.
    private var formatters: [LiveLine.JSONFormatter?]
    /// Lines still to take before the feed is ended (`--count`).
    private var remaining: Int
    private var pending: OutputBytes
    private var failure: TerminalOutputError?
    /// Pending bytes that trigger a write before the batch ends.
    private static let threshold = 64 * 1024

    /// A sink writing `form` lines for `subscriptions` to `output`, ending the feed after `limit`.
    init(output: any TerminalOutput, form: Form, subscriptions: [Subscription], limit: Int = .max) {
        self.output = output
        self.form = form
        pairs = subscriptions.map(\.pair)
        formatters = Array(repeating: nil, count: subscriptions.count)
        remaining = limit
        pending = OutputBytes(capacity: Self.threshold + 4096)
    }

    /// Whether every line the user asked for (`--count`) has been taken.
    var isSatisfied: Bool { remaining <= 0 }

    func receive(_ change: PriceChange) -> Bool {
        guard failure == nil, remaining > 0 else { return false }
        guard let row = pairs.firstIndex(of: change.pair) else { return true }
        switch form {
        case .json:
            if formatters[row] == nil { formatters[row] = LiveLine.JSONFormatter(prefix: LiveLine.jsonPrefix(change.pair)) }
            formatters[row]?.format(change.snapshot, into: &pending)
        case .plain(let currency, let renderer, let now):
            pending.write(renderer.render(LiveLine.plain(change.snapshot, currency: currency, at: now())))
            pending.append("\n")
        }
        remaining -= 1
        if pending.bytes.count >= Self.threshold { writePending() }
        return remaining > 0 && failure == nil
    }

    func endOfBatch() {
        writePending()
    }

    /// Writes what is left and reports a failed write (a closed stdout ends `live` quietly).
    func finish() throws(TerminalOutputError) {
        writePending()
        if let failure { throw failure }
    }

    private func writePending() {
        guard failure == nil, !pending.bytes.isEmpty else { return }
        // `withUnsafeBytes` rethrows untyped errors; a Result keeps the error's type.
        let written = pending.bytes.withUnsafeBytes { bytes in
            Result { () throws(TerminalOutputError) in try output.write(bytes: bytes) }
        }
        if case .failure(let error) = written { failure = error }
        pending.bytes.removeAll(keepingCapacity: true)
    }
}
