import Foundation
import LacriptaCore
import LacriptaTerminal
import LacriptaWebSocket

/// Runs one `lacripta live`: consumes the feed's events and shows them as a redrawn table on a
/// terminal, or as lines (plain or NDJSON) elsewhere; stops on Ctrl-C, --count or --duration.
struct LiveSession: Sendable {
    let command: LiveCommand
    let context: Context
    let feed: PriceFeed
    /// Off a terminal, the lines are made on the feed as updates merge; on a terminal, updates
    /// arrive as events and the table is redrawn at most every `frameInterval`.
    private let lines: LiveLineSink?

    /// How often the terminal view may redraw: at most 20 frames a second, however fast ticks come.
    static let frameInterval: Duration = .milliseconds(50)

    /// A session for `command`, with a feed reading only the figures `live` shows.
    init(command: LiveCommand, context: Context) {
        self.command = command
        self.context = context
        if context.stdoutCapabilities.isTerminal && !command.json {
            lines = nil
        } else {
            let form: LiveLineSink.Form =
                command.json
                ? .json : .plain(currency: command.currency, renderer: context.stdoutCapabilities.renderer, now: context.now)
            lines = LiveLineSink(output: context.stdout, form: form, subscriptions: command.subscriptions, limit: command.count ?? .max)
        }
        feed = PriceFeed(
            client: context.webSocketClient, url: context.configuration.streamURL, apiKey: context.configuration.apiKey,
            subscriptions: command.subscriptions, clock: context.clock, configuration: PriceFeedConfiguration(fields: LiveLine.fields),
            updateSink: lines)
    }

    /// Runs until the feed ends; maps feed failures to `LacriptaError`.
    func run() async throws -> ExitCode {
        let feed = self.feed
        await feed.start()
        let signals = SignalEvents { event in
            if event == .stop { Task { await feed.stop() } }
        }
        defer { signals.cancel() }
        let timer = command.duration.map { seconds in
            Task { [clock = context.clock] in
                try await clock.sleep(for: .seconds(seconds))
                await feed.stop()
            }
        }
        defer { timer?.cancel() }
        do {
            if let lines {
                try await runLines(lines)
            } else {
                try await runTerminal()
            }
        } catch let error as PriceFeedError {
            await feed.stop()
            throw error.lacriptaError
        } catch {
            await feed.stop()
            throw error
        }
        return .success
    }

    /// Off a terminal (or with --json): the sink writes one line per update as the feed merges
    /// it; this loop reports connection trouble on stderr and ends with the feed (which the sink
    /// ends after --count lines).
    private func runLines(_ lines: LiveLineSink) async throws {
        var board = LiveBoard(subscriptions: command.subscriptions)
        loop: for try await batch in feed.eventBatches {
            for event in batch where handleLineEvent(event, board: &board) { break loop }
        }
        await feed.stop()
        try lines.finish()
        try checkNothingValid(board)
    }

    /// Handles an event other than an update off a terminal; returns true when the run must end.
    private func handleLineEvent(_ event: PriceFeedEvent, board: inout LiveBoard) -> Bool {
        if case .state(let state) = event {
            board.state = state
            reportState(state)
            return false
        }
        if let text = notice(for: event, board: &board) { context.printError(StyledText("lacripta: " + text)) }
        return board.everythingRejected
    }

    /// On a terminal: the table redrawn in place, at most every `frameInterval`.
    private func runTerminal() async throws {
        let screen = Screen(output: context.stdout)
        try await screen.hideCursor()
        let (inputs, continuation) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .bufferingNewest(4096))
        let forwarder = Task {
            do {
                for try await batch in feed.eventBatches { continuation.yield(.events(batch)) }
                continuation.yield(.ended(nil))
            } catch {
                continuation.yield(.ended(error))
            }
        }
        let ticker = Task { [clock = context.clock] in
            while !Task.isCancelled {
                try? await clock.sleep(for: Self.frameInterval)
                continuation.yield(.tick)
            }
        }
        defer {
            forwarder.cancel()
            ticker.cancel()
        }
        var board = LiveBoard(subscriptions: command.subscriptions)
        var updates = 0
        var dirty = true
        var lastSecond = -1
        var failure: (any Error)?
        loop: for await input in inputs {
            switch input {
            case .events(let events):
                // However many updates arrive between two frames, the screen is drawn once.
                for event in events {
                    switch event {
                    case .update(let change):
                        guard board.apply(change) else { continue }
                        updates += 1
                        if let count = command.count, updates >= count { break loop }
                    case .state(let state):
                        board.state = state
                    default:
                        if let text = notice(for: event, board: &board) { board.notice = text }
                        if board.everythingRejected { break loop }
                    }
                    dirty = true
                }
            case .ended(let error):
                failure = error
                break loop
            case .tick:
                let now = await feed.elapsed
                // Ages and flashes change with time alone: redraw at least once a second.
                let second = Int(now.components.seconds)
                if dirty || second != lastSecond {
                    let size = context.stdoutSize()
                    let lines = [StyledText("lacripta live · \(command.currency)", style: .bold)]
                        + board.render(now: now, width: size.columns, currency: command.currency)
                    try await screen.draw(lines, renderer: context.stdoutCapabilities.renderer, size: size)
                    dirty = false
                    lastSecond = second
                }
            }
        }
        await feed.stop()
        try await screen.restore()
        if let failure { throw failure }
        try checkNothingValid(board)
    }

    private enum Input: Sendable {
        case events([PriceFeedEvent])
        case ended((any Error)?)
        case tick
    }

    /// Records refusals on the board and returns what to tell the user, if anything.
    private func notice(for event: PriceFeedEvent, board: inout LiveBoard) -> String? {
        switch event {
        case .invalidSubscription(let invalid):
            let info = Sanitizer.singleLine(invalid.info ?? "not available")
            if let subscription = invalid.subscription { board.reject(subscription, info: info) }
            let pair = invalid.subscription.map { "\($0.from)/\($0.to)" } ?? Sanitizer.singleLine(invalid.parameter)
            return "\(pair) is not available on the streamer: \(info)"
        case .connectFailed(let reason):
            return "cannot connect to the streamer: \(Sanitizer.singleLine(reason))"
        case .rateLimited(let notice):
            let limit = notice.limit.map { " (at most \($0))" } ?? ""
            return "the streamer refused the connection: too many open\(limit); free keys allow one socket per account. Retrying in a minute or more."
        default:
            return nil
        }
    }

    /// Off a terminal, connection trouble goes to stderr so stdout stays data only.
    private func reportState(_ state: FeedState) {
        switch state {
        case .reconnecting(let attempt, let nextIn, let reason):
            context.printError(
                StyledText("lacripta: \(LiveBoard.describe(reason)); reconnecting (attempt \(attempt), next in \(LiveBoard.seconds(nextIn)) s)"))
        case .stale(let age):
            context.printError(StyledText("lacripta: no data from the streamer for \(LiveBoard.seconds(age)) s"))
        case .connecting, .live:
            break
        }
    }

    /// Exit 65 when the streamer refused every requested pair.
    private func checkNothingValid(_ board: LiveBoard) throws {
        guard board.everythingRejected else { return }
        let pairs = command.subscriptions.map { "\($0.from)/\($0.to)" }.joined(separator: ", ")
        throw LacriptaError.unknownSymbol(pairs, detail: "the streamer has none of them")
    }
}
