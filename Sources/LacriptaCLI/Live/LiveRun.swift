import Foundation
import LacriptaCore
import LacriptaTerminal
import LacriptaWebSocket

/// One `lacripta live` as a view `ViewDriver` runs.
///
/// The live prices' events go into the live model; on a terminal the model is drawn as `LiveTable`,
/// elsewhere the lines are the sink's job and only connection trouble is said, on stderr. It ends
/// after --count updates, after --duration, on Ctrl-C, when the feed ends or fails, or when the
/// streamer refused every pair.
struct LiveRun: DrivenView {
    /// What the feed and the timer report.
    enum Event: Sendable {
        /// Events the feed produced together.
        case batch([PriceFeedEvent])
        /// The feed finished: normally (stopped, or the sink took --count lines), or with its failure.
        case ended((any Error)?)
        /// --duration has passed.
        case timeUp
        /// Prices of pairs some alert watches, copied off the feed where lines are written on it.
        case alertTicks([PriceTick])
    }

    /// The options.
    let command: LiveCommand
    /// Outputs and time.
    let context: Context
    /// The live prices, followed by the caller; stopped here when the run ends.
    let prices: any LivePrices
    /// Whether the table is drawn (a terminal, without --json); otherwise `LiveLineSink` writes
    /// a line per update straight from the feed, and no update comes here.
    let drawsTable: Bool

    /// What is known live, one row per requested pair.
    private(set) var model: LiveModel
    /// Why the prices ended, if they failed.
    private(set) var failure: (any Error)?
    /// Updates shown so far, for --count.
    private(set) var updates = 0
    /// Whether --duration ended the run.
    private(set) var timeRanOut = false

    /// The user's store, whose alerts this run fires; nil for none.
    let alertStore: UserStore?
    /// Off a terminal, the tap that copies watched prices off the feed.
    let alertTap: AlertTickTap?
    /// How a fired alert is told: a line on stderr off a terminal (the table flashes it on one),
    /// then the terminal's and the desktop's channels, as `alert watch` tells it.
    let alertNotifier: AlertNotifiers
    /// The alerts, their engine and the one flashed.
    var alerts = LiveAlerts()
    /// The alerts file as last read, so it is re-read only after a change.
    var alertStamp: FileStamp?

    /// A run of `command` over `prices`.
    init(
        command: LiveCommand, context: Context, prices: any LivePrices, drawsTable: Bool, alertStore: UserStore? = nil, alertTap: AlertTickTap? = nil
    ) {
        self.command = command
        self.context = context
        self.prices = prices
        self.drawsTable = drawsTable
        self.alertStore = alertStore
        self.alertTap = alertTap
        model = LiveModel(pairs: command.subscriptions.map(\.pair), matchingAnyMarket: command.isKeyless)
        let line: (any AlertNotifier)? = drawsTable ? nil : LineAlertNotifier(output: context.stderr, renderer: context.stderrCapabilities.renderer)
        alertNotifier = AlertWatchSession.viewNotifiers(first: line, context: context) { context.report(.notice($0)) }
        alerts = LiveAlerts(hysteresis: context.configuration.alertHysteresis)
    }

    /// Reads the prices and sets the --duration timer; the table (all "waiting…") is drawn at once.
    mutating func start(at now: Date) -> ViewReaction<Event> {
        var reaction = ViewReaction<Event>.draw(drawsTable ? .now : .none)
        let prices = prices
        reaction.work.append(
            .task { inbox in
                do {
                    for try await batch in prices.eventBatches { inbox.send(.batch(batch)) }
                    inbox.send(.ended(nil))
                } catch {
                    inbox.send(.ended(error))
                }
            })
        if let seconds = command.duration { reaction.work.append(.after(.seconds(seconds), .timeUp)) }
        startAlerts(into: &reaction)
        return reaction
    }

    /// Batches go into the model; the end of the prices, the timer and Ctrl-C stop the run;
    /// a resize redraws at once, a tick within a frame.
    mutating func handle(_ input: ViewInput<Event>, at now: Date) -> ViewReaction<Event> {
        switch input {
        case .event(.batch(let events)):
            return take(events, at: now)
        case .event(.ended(let error)):
            failure = error
            return .stop
        case .event(.timeUp):
            timeRanOut = true
            return .stop
        case .signal(.stop):
            return .stop
        case .event(.alertTicks(let ticks)):
            var reaction = ViewReaction<Event>.nothing
            for tick in ticks { observe(tick, into: &reaction) }
            return reaction
        case .signal(.resize), .signal(.continued):
            return .draw(drawsTable ? .now : .none)
        case .tick:
            // Ages and highlights change with time alone; alerts added meanwhile are read in.
            reloadAlertsIfChanged()
            return .draw(drawsTable ? .soon : .none)
        }
    }

    /// Applies a batch: however many updates it holds, the table is drawn once.
    private mutating func take(_ events: [PriceFeedEvent], at now: Date) -> ViewReaction<Event> {
        var reaction = ViewReaction<Event>.draw(drawsTable ? .soon : .none)
        for event in events {
            switch model.apply(event, at: now) {
            case .tick(let pair):
                if drawsTable, let price = model.tick(for: pair)?.price {
                    observe(PriceTick(symbol: pair.from, currency: pair.to, price: price, at: now), into: &reaction)
                }
                updates += 1
                if let count = command.count, updates >= count { return lastFrame }
            case .state(let state):
                if !drawsTable { report(state) }
            case .notice(let notice):
                // On a terminal the table shows the notice under the status line.
                if !drawsTable { context.report(.notice(notice.text)) }
                if model.everythingRefused { return lastFrame }
            case .nothing:
                break
            }
        }
        if drawsTable { reaction.wake = [model.nextFlashEnd(after: now), reaction.wake].compactMap { $0 }.min() }
        return reaction
    }

    /// Stops with the final state drawn, so the table left in the scrollback shows it.
    private var lastFrame: ViewReaction<Event> {
        ViewReaction(redraw: drawsTable ? .now : .none, finish: true)
    }

    /// The title and the table, fitted to the window as it is now.
    func frame(at now: Date) -> ViewFrame? {
        guard drawsTable else { return nil }
        let size = context.stdoutSize()
        let origin = command.isKeyless ? " · \(command.exchangeOrigin) (no key)" : ""
        let title = StyledText("lacripta live · \(command.currency)\(origin)", style: .bold)
        var lines = [title] + LiveTable(model: model, currency: command.currency, alerted: alertedSymbols).lines(at: now, width: size.columns)
        if let notice = alerts.flashing(at: now) { lines.append(notice.flashLine.truncated(toWidth: max(1, size.columns))) }
        return ViewFrame(lines: lines, size: size)
    }

    /// Closes the connection normally, before the driver cancels the task reading it.
    mutating func finish() async {
        await prices.stop()
    }

    /// Off a terminal, connection trouble goes to stderr so stdout stays data only.
    private func report(_ state: FeedState) {
        switch state {
        case .reconnecting(let attempt, let nextIn, let reason):
            let wait = LiveTable.seconds(nextIn)
            context.report(.notice("\(LiveTable.describe(reason)); reconnecting (attempt \(attempt), next in \(wait) s)"))
        case .stale(let age):
            context.report(.notice("no data from the streamer for \(LiveTable.seconds(age)) s"))
        case .connecting, .live:
            break
        }
    }
}
