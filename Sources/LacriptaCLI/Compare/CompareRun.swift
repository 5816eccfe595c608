import Foundation
import LacriptaCore
import LacriptaTerminal
import LacriptaWebSocket

/// One `lacripta compare` as a view `ViewDriver` runs: every exchange's feed into one
/// `ExchangeComparison`, drawn as `CompareTable` and a chart on a terminal, or written as one
/// NDJSON line per quote elsewhere (with connection trouble on stderr).
///
/// It ends after --count quotes, after --duration, on Ctrl-C, or when no feed is left: every
/// exchange refused the pair or could not be reached.
struct CompareRun: DrivenView {
    /// What the feeds and the timer report.
    enum Event: Sendable {
        /// Events one exchange's feed produced together.
        /// One take of every feed: each exchange's events, and the feeds that ended (refused pair,
        /// unreachable, or stopped).
        case take([HandoverTake<Exchange, ExchangeFeedEvent>])
        /// --duration has passed.
        case timeUp
    }

    let command: CompareCommand
    let context: Context
    let feeds: [ExchangeFeed]
    /// Whether the table is drawn (a terminal, without --json).
    let drawsTable: Bool
    /// Braille or blocks, from the locale.
    let chartMode: ChartMode

    private(set) var comparison: ExchangeComparison
    private(set) var history = QuoteHistory()
    /// Feeds that have ended.
    private(set) var ended: Set<Exchange> = []
    /// Quotes written or counted, for --count.
    private(set) var quotes = 0
    /// Whether the run stopped because the user's limit was reached or the user stopped it.
    private(set) var stoppedByUser = false
    /// Whether --duration ended the run.
    private(set) var timeRanOut = false
    /// A failed write to stdout (a closed pipe) ends the run quietly.
    private(set) var outputFailure: TerminalOutputError?

    init(command: CompareCommand, context: Context, feeds: [ExchangeFeed], drawsTable: Bool, startedAt: Date) {
        self.command = command
        self.context = context
        self.feeds = feeds
        self.drawsTable = drawsTable
        chartMode = ChartMode.preferred(environment: context.environment)
        comparison = ExchangeComparison(pair: command.pair, exchanges: command.exchanges, startedAt: startedAt)
    }

    mutating func start(at now: Date) -> ViewReaction<Event> {
        var reaction = ViewReaction<Event>.draw(drawsTable ? .now : .none)
        let feeds = feeds
        reaction.work.append(
            .task { inbox in
                // One take a frame for every exchange together: whatever their connections' threads
                // read meanwhile, in one piece. The stream ends without an error: failures arrive
                // as events first.
                for feed in feeds { await feed.start() }
                do {
                    for try await take in ExchangeFeed.events(of: feeds) { inbox.send(.take(take)) }
                } catch {}
            })
        if let seconds = command.duration { reaction.work.append(.after(.seconds(seconds), .timeUp)) }
        return reaction
    }

    mutating func handle(_ input: ViewInput<Event>, at now: Date) -> ViewReaction<Event> {
        switch input {
        case .event(.take(let take)):
            for part in take {
                if !part.events.isEmpty, self.take(part.events, from: part.tag, at: now).finish {
                    return outputFailure == nil ? lastFrame : .stop
                }
                if part.ended { ended.insert(part.tag) }
            }
            // A closed stdout (the reader of a pipe went away) ends the run quietly.
            if outputFailure != nil { return .stop }
            return ended.count == feeds.count ? lastFrame : .draw(drawsTable ? .soon : .none)
        case .event(.timeUp):
            stoppedByUser = true
            timeRanOut = true
            return .stop
        case .signal(.stop):
            stoppedByUser = true
            return .stop
        case .signal(.resize), .signal(.continued):
            return .draw(drawsTable ? .full : .none)
        case .tick:
            if nothingLeftToWaitFor(at: now) {
                if !drawsTable, let silent = silentExchanges(at: now).first {
                    context.report(
                        .notice("\(silent.name) sent no quote for \(Self.silenceLimit.components.seconds) s after subscribing \(command.pair)"))
                }
                return lastFrame
            }
            return .draw(drawsTable ? .soon : .none)
        }
    }

    /// Applies one feed's part of a take; however many quotes it holds, the view is drawn once.
    private mutating func take(_ events: [ExchangeFeedEvent], from exchange: Exchange, at now: Date) -> ViewReaction<Event> {
        // The batch's lines go out in one write.
        var lines = ""
        defer { write(lines) }
        for event in events {
            switch event {
            case .message(let message):
                comparison.apply(message, from: exchange, at: now)
                if case .quote(let quote) = message, quote.pair == command.pair {
                    history.record(quote, at: now)
                    quotes += 1
                    if !drawsTable { lines += CompareLine.json(quote, receivedAt: now) }
                    if let count = command.count, quotes >= count {
                        stoppedByUser = true
                        return lastFrame
                    }
                } else if case .notListed(let pair, _, _) = message, pair == nil || pair == command.pair, !drawsTable {
                    context.report(.notice("\(exchange.name) does not list \(command.pair)\(othersGoOn)"))
                }
            case .connection(let change):
                comparison.apply(change, for: exchange, at: now)
                if case .failed(let reason) = change, !drawsTable {
                    context.report(.notice("\(exchange.name) cannot be reached: \(reason)\(othersGoOn)"))
                }
                if case .quiet(let after) = change, !drawsTable {
                    context.report(.notice("no data yet from \(exchange.name) (connected \(LiveTable.seconds(after)) s ago)"))
                }
            case .reconnecting(let attempt, let nextIn, let reason):
                if !drawsTable {
                    context.report(
                        .notice(
                            "\(exchange.name): \(LiveTable.describe(reason)); reconnecting (attempt \(attempt), next in \(LiveTable.seconds(nextIn)) s)"
                        ))
                }
            }
        }
        return .draw(drawsTable ? .soon : .none)
    }

    /// "; the other exchanges go on" while another feed is still running.
    private var othersGoOn: String {
        feeds.count - ended.count > 1 ? "; the other exchanges go on" : ""
    }

    /// Stops with the final state drawn, so the table left in the scrollback shows it.
    private var lastFrame: ViewReaction<Event> {
        ViewReaction(redraw: drawsTable ? .now : .none, finish: true)
    }

    /// Writes lines to stdout, remembering a failure.
    private mutating func write(_ line: String) {
        guard outputFailure == nil, !line.isEmpty else { return }
        do {
            try context.stdout.write(line)
        } catch {
            outputFailure = error
        }
    }

    func frame(at now: Date) -> ViewFrame? {
        guard drawsTable else { return nil }
        let size = context.stdoutSize()
        let title = StyledText("lacripta compare \(command.pair) · \(command.exchanges.count) exchanges", style: .bold)
        var lines = [title] + CompareTable(comparison: comparison).lines(at: now, width: size.columns)
        // Below the table the chart takes what is left of the window, less a blank line and the hint.
        let height = min(Self.chartRows, size.rows - lines.count - 2)
        let chartLines = chartCache.lines(at: now, samples: history.samplesAdded, width: size.columns, height: height) {
            CompareChart(history: history, exchanges: command.exchanges, currency: command.pair.quote, mode: chartMode, focus: command.chart)
                .lines(at: now, width: size.columns, height: height)
        }
        if !chartLines.isEmpty { lines += [StyledText("")] + chartLines }
        lines.append(StyledText("Ctrl-C to quit", style: .secondary))
        return ViewFrame(lines: lines, size: size)
    }

    /// Closes every connection normally, before the driver cancels the tasks reading them.
    mutating func finish() async {
        await withTaskGroup(of: Void.self) { group in
            for feed in feeds { group.addTask { await feed.stop() } }
        }
    }

    /// The most rows the chart takes: enough to read, not so many that the table scrolls away.
    static let chartRows = 18

    /// The chart as last drawn.
    private let chartCache = ChartCache()

    /// How long an exchange may stay silent after subscribing before it counts as not listing the
    /// pair when nothing else is left: Bitstamp acknowledges any symbol and then sends nothing for
    /// one it does not list.
    static let silenceLimit: Duration = .seconds(30)

    /// The exchanges connected and subscribed that have sent no quote within `silenceLimit`.
    func silentExchanges(at now: Date) -> [Exchange] {
        comparison.rows.filter { $0.isWaitingTooLong(at: now, within: Self.silenceLimit) }.map(\.exchange)
    }

    /// Whether no exchange can still bring a quote: each refused the pair, was given up on, or
    /// has stayed silent since subscribing (and no quote came from any).
    func nothingLeftToWaitFor(at now: Date) -> Bool {
        guard quotes == 0 else { return false }
        let silent = Set(silentExchanges(at: now))
        return !silent.isEmpty && comparison.rows.allSatisfy { $0.state.hasEnded || silent.contains($0.exchange) }
    }

    /// Once the run has ended by itself: whether that was because no exchange lists the pair (each
    /// refused it, or stayed silent about it), rather than because some could not be reached.
    var nobodyListsThePair: Bool {
        quotes == 0 && !comparison.rows.contains { if case .failed = $0.state { true } else { false } }
    }
}
