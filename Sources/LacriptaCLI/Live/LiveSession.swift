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
        var model = LiveModel(pairs: command.subscriptions.map(\.pair))
        loop: for try await batch in feed.eventBatches {
            for event in batch {
                switch model.apply(event, at: context.now()) {
                case .state(let state):
                    reportState(state)
                case .notice(let notice):
                    context.printError(StyledText("lacripta: " + notice.text))
                    if model.everythingRefused { break loop }
                case .tick, .nothing:
                    break
                }
            }
        }
        await feed.stop()
        try lines.finish()
        try checkNothingValid(model)
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
        var model = LiveModel(pairs: command.subscriptions.map(\.pair))
        var updates = 0
        var dirty = true
        var lastSecond = -1
        var failure: (any Error)?
        loop: for await input in inputs {
            switch input {
            case .events(let events):
                // However many updates arrive between two frames, the screen is drawn once.
                for event in events {
                    switch model.apply(event, at: context.now()) {
                    case .tick:
                        updates += 1
                        if let count = command.count, updates >= count { break loop }
                    case .notice:
                        if model.everythingRefused { break loop }
                    case .state, .nothing:
                        break
                    }
                    dirty = true
                }
            case .ended(let error):
                failure = error
                break loop
            case .tick:
                let now = context.now()
                // Ages and flashes change with time alone: redraw at least once a second.
                let second = Int(now.timeIntervalSince1970.rounded(.down))
                if dirty || second != lastSecond {
                    let size = context.stdoutSize()
                    let lines = [StyledText("lacripta live · \(command.currency)", style: .bold)]
                        + LiveTable(model: model, currency: command.currency).lines(at: now, width: size.columns)
                    try await screen.draw(lines, renderer: context.stdoutCapabilities.renderer, size: size)
                    dirty = false
                    lastSecond = second
                }
            }
        }
        await feed.stop()
        try await screen.restore()
        if let failure { throw failure }
        try checkNothingValid(model)
    }

    private enum Input: Sendable {
        case events([PriceFeedEvent])
        case ended((any Error)?)
        case tick
    }

    /// Off a terminal, connection trouble goes to stderr so stdout stays data only.
    private func reportState(_ state: FeedState) {
        switch state {
        case .reconnecting(let attempt, let nextIn, let reason):
            context.printError(
                StyledText("lacripta: \(LiveTable.describe(reason)); reconnecting (attempt \(attempt), next in \(LiveTable.seconds(nextIn)) s)"))
        case .stale(let age):
            context.printError(StyledText("lacripta: no data from the streamer for \(LiveTable.seconds(age)) s"))
        case .connecting, .live:
            break
        }
    }

    /// Exit 65 when the streamer refused every requested pair.
    private func checkNothingValid(_ model: LiveModel) throws {
        guard model.everythingRefused else { return }
        let pairs = command.subscriptions.map { "\($0.from)/\($0.to)" }.joined(separator: ", ")
        throw LacriptaError.unknownSymbol(pairs, detail: "the streamer has none of them")
    }
}
