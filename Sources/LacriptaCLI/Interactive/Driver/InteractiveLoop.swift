import Foundation
import LacriptaCore
import LacriptaTerminal
import LacriptaWebSocket

/// The full-screen view as a view `ViewDriver` runs: it feeds keys, signals, timers, REST
/// answers and live events to `InteractiveModel`, turns the model's effects into work, and keeps
/// what only a terminal in raw mode needs: the key parser, the Esc timeout and suspension.
struct InteractiveLoop: DrivenView {
    /// What the view's sources and work report, besides what the driver brings (signals, ticks).
    enum Event: Sendable {
        /// A read from the terminal.
        case input(InputReader.Chunk)
        /// An Esc waited long enough for the rest of a sequence; `generation` tells whether
        /// newer bytes came meanwhile.
        case escapeTimeout(generation: Int)
        /// Time to check whether a stop refused by the system left us running.
        case resumeCheck
        /// An event for the model (a fetch answered, live prices, the refresh interval).
        case model(InteractiveEvent)
    }

    private let context: Context
    private let rawMode: RawMode
    private let input: InputReader
    private let effects: InteractiveEffects
    /// The work behind the user's coins (store, details, prices, the coin list).
    let yourCoins: YourCoinsEffects
    private let renderer: InteractiveRenderer
    private let livePrices: (any LivePrices)?
    private let refreshInterval: Duration
    private let subscriptions: AsyncStream<[Subscription]>.Continuation
    private let subscriptionRequests: AsyncStream<[Subscription]>
    /// The store whose alerts the view fires; nil for none.
    private let alertStore: UserStore?
    /// The feeds of each open compare screen, by its id.
    private var compareFeeds: [Int: [ExchangeFeed]] = [:]

    /// The whole view's state.
    private(set) var model: InteractiveModel
    private var parser = KeyParser()
    /// Bumped on every chunk of input, so an Esc timeout started before newer bytes does nothing.
    private var escapeGeneration = 0
    /// Set between Ctrl-Z and the process being continued in the foreground: nothing is drawn
    /// meanwhile, and the terminal is not touched (it is the shell's).
    private var suspended = false

    /// A loop for `session` on a terminal already in `rawMode`, whose keys `input` reads.
    init(session: InteractiveSession, rawMode: RawMode, input: InputReader) {
        context = session.context
        self.rawMode = rawMode
        self.input = input
        livePrices = session.livePrices
        alertStore = session.alertStore
        refreshInterval = .seconds(max(1, session.options.refreshInterval))
        let provider = session.options.provider
        // The screen shows a fired alert itself; a missing alert_exec program is said there too.
        var execProblem: String?
        let notifier = AlertWatchSession.viewNotifiers(first: nil, context: context) { execProblem = $0 }
        var effects = InteractiveEffects(
            market: context.marketSource(provider), newsSource: context.newsSource(provider), now: context.now, home: context.environment["HOME"],
            alertStore: session.alertStore, alertNotifier: notifier)
        effects.archiveDirectory = ArticleArchive.directory(environment: context.environment)
        effects.archiveKeepDays = context.configuration.newsKeepDays
        self.effects = effects
        yourCoins = YourCoinsEffects(
            market: context.marketSource(provider), store: context.store, method: context.configuration.costMethod,
            exchangeCandles: context.exchangeCandles, now: context.now)
        renderer = InteractiveRenderer(
            colorEnabled: context.stdoutCapabilities.colorEnabled, chartMode: ChartMode.preferred(environment: context.environment))
        model = InteractiveModel(
            options: session.options, size: context.stdoutSize(), now: context.now(), liveEnabled: session.livePrices != nil,
            seed: UInt64.random(in: 0...UInt64.max))
        model.alerts.problem = execProblem
        // Latest wins: only the newest wanted set matters, and one task applies them in order.
        (subscriptionRequests, subscriptions) = AsyncStream.makeStream(of: [Subscription].self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The refresh timer, the live source and the first fetch; the first frame at once.
    mutating func start(at now: Date) -> ViewReaction<Event> {
        var reaction = ViewReaction<Event>.draw(.now)
        let clock = context.clock
        let interval = refreshInterval
        reaction.work.append(
            .task { inbox in
                while (try? await clock.sleep(for: interval)) != nil { inbox.send(.model(.refreshDue)) }
            })
        if let prices = livePrices {
            reaction.work.append(
                .task { inbox in
                    do {
                        for try await batch in prices.eventBatches { inbox.send(.model(.live(batch))) }
                    } catch let error as PriceFeedError {
                        inbox.send(.model(.liveFailed(reason: error.userMessage)))
                    } catch {
                        inbox.send(.model(.liveFailed(reason: "the live connection failed")))
                    }
                })
            let requests = subscriptionRequests
            reaction.work.append(
                .task { _ in
                    for await subscriptions in requests { await prices.follow(subscriptions) }
                })
        }
        if let store = alertStore {
            let effects = effects
            reaction.work.append(
                .task { inbox in
                    // Read now, then again whenever the file changes (an alert added elsewhere, one
                    // fired by a running `alert watch`).
                    var stamp = store.alertsStamp()
                    inbox.send(.model(effects.loadAlerts()))
                    while (try? await clock.sleep(for: InteractiveSession.alertPoll)) != nil {
                        let now = store.alertsStamp()
                        guard now != stamp else { continue }
                        stamp = now
                        inbox.send(.model(effects.loadAlerts()))
                    }
                })
        }
        perform(model.start(), into: &reaction)
        return reaction
    }

    /// Keys and signals are drawn at once; what the network and timers bring, within a frame.
    mutating func handle(_ input: ViewInput<Event>, at now: Date) throws -> ViewReaction<Event> {
        var reaction = ViewReaction<Event>.draw(.now)
        var produced: [InteractiveEffect] = []
        switch input {
        case .event(.input(.bytes(let bytes))):
            escapeGeneration += 1
            // One event per read, so a paste (bracketed or not) is one edit and one frame.
            produced = model.handle(.keys(parser.feed(bytes)), at: now)
            if parser.hasPendingEscape {
                reaction.work.append(.after(InteractiveSession.escapeTimeout, .escapeTimeout(generation: escapeGeneration)))
            }
        case .event(.input(.closed)), .signal(.stop):
            return .stop
        case .event(.input(.background)):
            stayInBackground()
            return .nothing
        case .event(.escapeTimeout(let generation)):
            guard generation == escapeGeneration else { return .nothing }
            produced = model.handle(.keys(parser.flushPendingEscape()), at: now)
        case .signal(.resize):
            reaction.redraw = .full
            produced = model.handle(.resize(context.stdoutSize()), at: now)
        case .event(.resumeCheck) where !suspended:
            return .nothing
        case .signal(.continued), .event(.resumeCheck):
            // Continued by `bg` (or any SIGCONT while the shell has the terminal): the terminal is
            // not ours to take; `fg` will continue us again.
            guard rawMode.isForeground else {
                stayInBackground()
                return .nothing
            }
            try resume()
            reaction.redraw = .full
            produced = model.handle(.resize(context.stdoutSize()), at: now)
        case .tick:
            reaction.redraw = .soon
            produced = model.handle(.tick, at: now)
        case .event(.model(let event)):
            reaction.redraw = .soon
            produced = model.handle(event, at: now)
        }
        if produced.contains(.quit) { return .stop }
        perform(produced, into: &reaction)
        reaction.wake = model.live.nextFlashEnd(after: now)
        return reaction
    }

    /// The frame for the model; none while the terminal is the shell's.
    func frame(at now: Date) -> ViewFrame? {
        suspended ? nil : ViewFrame(lines: renderer.frame(model), size: model.size)
    }

    /// Ends the subscription requests, so the task applying them finishes, and closes the live
    /// prices and compare's feeds normally before the driver stops the tasks reading them.
    mutating func finish() async {
        subscriptions.finish()
        let feeds = compareFeeds.values.flatMap { $0 }
        compareFeeds = [:]
        let prices = livePrices
        await withTaskGroup(of: Void.self) { group in
            for feed in feeds { group.addTask { await feed.stop() } }
            if let prices { group.addTask { await prices.stop() } }
        }
    }

    /// Turns the model's effects into work: I/O runs as child tasks that report back as events.
    private mutating func perform(_ list: [InteractiveEffect], into reaction: inout ViewReaction<Event>) {
        let effects = effects
        for effect in list {
            switch effect {
            case .fetchToplist(let currency, let limit):
                reaction.work.append(.task { inbox in inbox.send(.model(await effects.toplist(currency: currency, limit: limit))) })
            case .fetchNews(let symbol):
                let coins = model.coins
                reaction.work.append(.task { inbox in inbox.send(.model(await effects.news(symbol: symbol, coins: coins))) })
            case .loadReadingHistory:
                reaction.work.append(.task { inbox in inbox.send(.model(effects.readingHistory())) })
            case .searchArchive(let query):
                reaction.work.append(.task { inbox in inbox.send(.model(effects.searchArchive(query))) })
            case .markArticle(let ref, let mark):
                reaction.work.append(
                    .task { inbox in
                        if let problem = effects.mark(mark, ref: ref) { inbox.send(.model(problem)) }
                    })
            case .share(let article, _, let path):
                reaction.work.append(.task { inbox in inbox.send(.model(effects.share(article, to: path))) })
            case .yours(let work):
                perform(work, into: &reaction)
            case .setSubscriptions(let pairs):
                subscriptions.yield(pairs)
            case .addAlert(let alert):
                reaction.work.append(.task { inbox in inbox.send(.model(effects.addAlert(alert))) })
            case .removeAlert(let id):
                reaction.work.append(.task { inbox in inbox.send(.model(effects.removeAlert(id))) })
            case .recordAlerts(let request):
                reaction.work.append(
                    .task { inbox in
                        let recorded = effects.recordAlerts(request)
                        inbox.send(.model(recorded))
                        guard case .alertsStored(let answer) = recorded, !answer.notices.isEmpty else { return }
                        if let problem = await effects.deliver(answer.notices) { inbox.send(.model(problem)) }
                    })
            case .openCompare(let id, let pair, let exchanges):
                openCompare(id: id, pair: pair, exchanges: exchanges, into: &reaction)
            case .closeCompare(let id):
                let feeds = compareFeeds.removeValue(forKey: id) ?? []
                reaction.work.append(
                    .task { _ in
                        for feed in feeds { await feed.stop() }
                    })
            case .repaint:
                reaction.redraw = .full
            case .suspend:
                suspend()
                // If the stop is refused (an orphaned process group ignores SIGTSTP), no SIGCONT
                // will come: take the terminal back shortly after. When stopped, this fires after `fg`.
                reaction.work.append(.after(.milliseconds(200), .resumeCheck))
            case .quit:
                break
            }
        }
    }

    /// Opens one feed per exchange for the compare screen `id`; each reports its batches until
    /// it ends or the screen closes it.
    private mutating func openCompare(id: Int, pair: TradingPair, exchanges: [Exchange], into reaction: inout ViewReaction<Event>) {
        let context = context
        let doorbell = HandoverDoorbell()
        let feeds = exchanges.map { exchange in
            ExchangeFeed(
                exchange: exchange, url: context.configuration.exchangeURL(exchange), pairs: [pair], client: context.viewWebSocketClient,
                clock: context.clock, keeping: .latest, doorbell: doorbell)
        }
        compareFeeds[id] = feeds
        reaction.work.append(
            .task { inbox in
                for feed in feeds { await feed.start() }
                // Every exchange's take of a frame together: one wake-up a frame for the screen.
                // The feeds end without an error: failures arrive as events first.
                do {
                    for try await take in ExchangeFeed.events(of: feeds) {
                        for part in take {
                            if !part.events.isEmpty { inbox.send(.model(.compare(id: id, .batch(part.tag, part.events)))) }
                            if part.ended { inbox.send(.model(.compare(id: id, .ended(part.tag)))) }
                        }
                    }
                } catch {}
            })
    }

    /// Ctrl-Z: give the terminal back and stop; `.continued` (or the resume check) comes back.
    private mutating func suspend() {
        try? context.stdout.write(TerminalModes.leaveFullScreen)
        rawMode.restore()
        suspended = true
        SignalEvents.suspendProcess()
    }

    /// Takes the terminal again after a stop, in the foreground.
    ///
    /// Raw mode, the alternate screen, and keys again if a background read paused them; the
    /// caller redraws every row.
    private mutating func resume() throws {
        // SIGCONT also comes after an outside stop we never saw; setting up again is harmless.
        try? rawMode.reapply()
        suspended = false
        try context.stdout.write(TerminalModes.enterFullScreen)
        input.resumeReading()
    }

    /// Running while another process group has the terminal (after `bg`): touch nothing, draw
    /// nothing, and stop again, as a job that needs the terminal does; the shell then lists it as
    /// stopped, and `fg` continues it in the foreground, where `.continued` takes the terminal
    /// back. (In an orphaned process group the stop is discarded: the view then just waits,
    /// drawing nothing, until the terminal hangs up.)
    private mutating func stayInBackground() {
        suspended = true
        SignalEvents.suspendProcess()
    }
}
