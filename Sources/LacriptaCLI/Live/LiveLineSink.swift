import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta live` off a terminal (or with `--json`): turns each update into a line right on the
/// feed (see `PriceUpdateSink`), buffers the lines as bytes and writes them once per batch of
/// received messages: at a million updates a second that is a few hundred large writes, and a
/// slow stream's update still appears the moment it arrives.
package final class LiveLineSink: PriceUpdateSink, @unchecked Sendable {
    // @unchecked: the feed calls `receive` and `endOfBatch` one at a time from its executor (the
    // protocol's contract), and `finish` is called only after the feed has ended; nothing else
    // touches `lines`, so it needs no lock.

    /// How the lines look.
    package enum Form {
        /// One NDJSON object per update.
        case json
        /// Readable text in `currency`, rendered by `renderer`, stamped by `now`.
        case plain(currency: String, renderer: ANSIRenderer, now: @Sendable () -> Date)
    }

    private let output: any TerminalOutput
    /// All the mutable state in one value: each update costs one exclusive access to a class
    /// property (checked at run time), not one per field it touches.
    private var lines: Lines

    /// A sink writing `form` lines for `subscriptions` to `output`, ending the feed after `limit`.
    package init(output: any TerminalOutput, form: Form, subscriptions: [Subscription], limit: Int = .max, matchingAnyMarket: Bool = false) {
        self.output = output
        lines = Lines(form: form, pairs: subscriptions.map(\.pair), limit: limit, matchingAnyMarket: matchingAnyMarket)
    }

    package func receive(_ state: borrowing PriceSnapshot, _ merge: PriceMerge) -> Bool {
        lines.take(state, output: output)
    }

    package func endOfBatch() {
        lines.write(to: output)
    }

    /// Whether any update became a line.
    var wroteAny: Bool { lines.taken > 0 }

    /// Writes what is left and reports a failed write (a closed stdout ends `live` quietly).
    func finish() throws(TerminalOutputError) {
        lines.write(to: output)
        if let failure = lines.failure { throw failure }
    }

    /// The lines being built and what is known of the output.
    private struct Lines {
        let form: Form
        /// The requested pairs, in order; updates for any other pair are not printed.
        let pairs: [PairKey]
        /// One JSON formatter per pair, made on its first update, and the market it was made for.
        var formatters: [LiveLine.JSONFormatter?]
        var formatterPairs: [PairKey?]
        /// Whether updates from another market count for a followed pair (see `LiveModel`).
        let matchesAnyMarket: Bool
        /// Lines still to take before the feed is ended (`--count`).
        var remaining: Int
        /// Lines taken so far.
        var taken = 0
        var pending = OutputBytes(capacity: Lines.threshold + 4096)
        var failure: TerminalOutputError?
        /// Pending bytes that trigger a write before the batch ends.
        static let threshold = 64 * 1024

        init(form: Form, pairs: [PairKey], limit: Int, matchingAnyMarket: Bool) {
            self.form = form
            self.pairs = pairs
            formatters = Array(repeating: nil, count: pairs.count)
            formatterPairs = Array(repeating: nil, count: pairs.count)
            remaining = limit
            matchesAnyMarket = matchingAnyMarket
        }

        /// The row of `pair`: its own, or with `matchesAnyMarket` the row of the same coin and currency.
        func row(of pair: PairKey) -> Int? {
            if let row = pairs.firstIndex(of: pair) { return row }
            guard matchesAnyMarket else { return nil }
            return pairs.firstIndex { $0.from == pair.from && $0.to == pair.to }
        }

        /// Adds the line for `state`; returns whether the feed should go on.
        mutating func take(_ state: borrowing PriceSnapshot, output: any TerminalOutput) -> Bool {
            guard failure == nil, remaining > 0 else { return false }
            guard let row = row(of: state.pair) else { return true }
            switch form {
            case .json:
                if formatterPairs[row] != state.pair {
                    // The line names the market, so a pair that moved to another one gets a new prefix.
                    formatters[row] = LiveLine.JSONFormatter(prefix: LiveLine.jsonPrefix(state.pair))
                    formatterPairs[row] = state.pair
                }
                formatters[row]?.format(state, into: &pending)
            case .plain(let currency, let renderer, let now):
                pending.write(renderer.render(LiveLine.plain(copy state, currency: currency, at: now())))
                pending.append("\n")
            }
            remaining -= 1
            taken += 1
            if pending.count >= Self.threshold { write(to: output) }
            return remaining > 0 && failure == nil
        }

        /// Writes the pending lines; remembers a failure, after which nothing more is written.
        mutating func write(to output: any TerminalOutput) {
            guard failure == nil, !pending.isEmpty else { return }
            // `withUnsafeBytes` rethrows untyped errors; a Result keeps the error's type.
            let written = pending.withUnsafeBytes { bytes in
                Result { () throws(TerminalOutputError) in try output.write(bytes: bytes) }
            }
            if case .failure(let error) = written { failure = error }
            pending.removeAll()
        }
    }
}
