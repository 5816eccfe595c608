import Foundation
import LacriptaCore
import LacriptaTerminal

/// The state of one run of the interactive view's event loop: the model, the key parser, the
/// frame on screen, and the bookkeeping for timers and suspension. Owned by a single task.
struct InteractiveLoop {
    private let session: InteractiveSession
    private let rawMode: RawMode
    private let input: InputReader
    private let continuation: AsyncStream<InteractiveSession.Event>.Continuation
    private let effects: InteractiveEffects
    private let renderer: InteractiveRenderer
    private let subscriptions: AsyncStream<[Subscription]>.Continuation?
    private let subscriptionRequests: AsyncStream<[Subscription]>?

    private var model: InteractiveModel
    private var parser = KeyParser()
    private var writer = FrameWriter()
    /// Bumped on every chunk of input, so an Esc timeout started before newer bytes does nothing.
    private var escapeGeneration = 0
    /// Set between Ctrl-Z and the process being continued in the foreground: nothing is drawn
    /// meanwhile, and the terminal is not touched (it is the shell's).
    private var suspended = false
    /// When the next flash-ending redraw is already scheduled.
    private var wakeUpAt: Date?
    /// Set while a coalesced frame is scheduled (`.drawDue` will come).
    private var drawScheduled = false

    /// A loop for `session` on a terminal already in `rawMode`, whose keys `input` reads.
    init(
        session: InteractiveSession, rawMode: RawMode, input: InputReader, continuation: AsyncStream<InteractiveSession.Event>.Continuation
    ) {
        self.session = session
        self.rawMode = rawMode
        self.input = input
        self.continuation = continuation
        let context = session.context
        effects = InteractiveEffects(client: context.client, now: context.now, home: context.environment["HOME"])
        renderer = InteractiveRenderer(colorEnabled: context.stdoutCapabilities.colorEnabled)
        model = InteractiveModel(
            options: session.options, size: context.stdoutSize(), now: context.now(), liveEnabled: session.liveSource != nil,
            seed: UInt64.random(in: 0...UInt64.max))
        if session.liveSource != nil {
            // Latest wins: only the newest wanted set matters, and one task applies them in order.
            let (stream, continuation) = AsyncStream.makeStream(of: [Subscription].self, bufferingPolicy: .bufferingNewest(1))
            subscriptionRequests = stream
            subscriptions = continuation
        } else {
            subscriptionRequests = nil
            subscriptions = nil
        }
    }

    /// Starts the timers, the live source and the first fetch.
    mutating func startBackgroundWork(_ group: inout TaskGroup<Void>) {
        let continuation = continuation
        let clock = session.context.clock
        let interval = Duration.seconds(max(1, session.options.refreshInterval))
        group.addTask {
            while !Task.isCancelled {
                try? await clock.sleep(for: interval)
                if !Task.isCancelled { continuation.yield(.model(.refreshDue)) }
            }
        }
        group.addTask {
            while !Task.isCancelled {
                try? await clock.sleep(for: InteractiveSession.tickInterval)
                if !Task.isCancelled { continuation.yield(.model(.tick)) }
            }
        }
        if let source = session.liveSource, let requests = subscriptionRequests {
            group.addTask {
                do {
                    for try await batch in source.eventBatches { continuation.yield(.model(.live(batch))) }
                } catch let error as PriceFeedError {
                    continuation.yield(.model(.liveFailed(reason: error.userMessage)))
                } catch {
                    continuation.yield(.model(.liveFailed(reason: "the live connection failed")))
                }
            }
            group.addTask {
                for await pairs in requests { await source.setSubscriptions(pairs) }
            }
        }
        perform(model.start(), group: &group)
    }

    /// Handles events until quit; returns the error that ended the loop, if one did.
    mutating func run(_ events: AsyncStream<InteractiveSession.Event>, group: inout TaskGroup<Void>) async -> (any Error)? {
        do {
            try draw()
            for await event in events {
                let now = session.context.now()
                var produced: [InteractiveEffect] = []
                var drawNow = true
                switch event {
                case .input(.bytes(let bytes)):
                    escapeGeneration += 1
                    // One event per read, so a paste (bracketed or not) is one edit and one frame.
                    produced = model.handle(.keys(parser.feed(bytes)), at: now)
                    if parser.hasPendingEscape { scheduleEscapeTimeout(&group) }
                case .input(.closed):
                    return nil
                case .input(.background):
                    stayInBackground()
                    continue
                case .escapeTimeout(let generation):
                    guard generation == escapeGeneration else { continue }
                    produced = model.handle(.keys(parser.flushPendingEscape()), at: now)
                case .signal(.stop):
                    return nil
                case .signal(.resize):
                    writer.invalidate()
                    produced = model.handle(.resize(session.context.stdoutSize()), at: now)
                case .resumeCheck where !suspended:
                    continue
                case .signal(.continued), .resumeCheck:
                    // Continued by `bg` (or any SIGCONT while the shell has the terminal): the
                    // terminal is not ours to take; `fg` will continue us again.
                    guard rawMode.isForeground else {
                        stayInBackground()
                        continue
                    }
                    try resume()
                    produced = model.handle(.resize(session.context.stdoutSize()), at: now)
                case .drawDue:
                    drawScheduled = false
                case .model(let modelEvent):
                    if case .tick = modelEvent, let wakeUpAt, wakeUpAt <= now { self.wakeUpAt = nil }
                    produced = model.handle(modelEvent, at: now)
                    drawNow = false
                }
                if produced.contains(.quit) { return nil }
                perform(produced, group: &group)
                scheduleFlashEnd(&group, now: now)
                if drawNow {
                    try draw()
                } else {
                    scheduleDraw(&group)
                }
            }
        } catch {
            return error
        }
        return nil
    }

    /// Ends the live subscriptions stream so its task finishes.
    func finish() {
        subscriptions?.finish()
    }

    /// Runs effects: I/O goes to child tasks that report back through the event stream.
    private mutating func perform(_ list: [InteractiveEffect], group: inout TaskGroup<Void>) {
        let continuation = continuation
        let effects = effects
        for effect in list {
            switch effect {
            case .fetchToplist(let currency, let limit):
                group.addTask { continuation.yield(.model(await effects.toplist(currency: currency, limit: limit))) }
            case .fetchNews(let symbol):
                let coins = model.coins
                group.addTask { continuation.yield(.model(await effects.news(symbol: symbol, coins: coins))) }
            case .share(let article, _, let path):
                group.addTask { continuation.yield(.model(effects.share(article, to: path))) }
            case .setSubscriptions(let pairs):
                subscriptions?.yield(pairs)
            case .repaint:
                writer.invalidate()
            case .suspend:
                suspend(&group)
            case .quit:
                break
            }
        }
    }

    /// Ctrl-Z: give the terminal back, stop, and come back on SIGCONT.
    private mutating func suspend(_ group: inout TaskGroup<Void>) {
        try? session.context.stdout.write(TerminalModes.leaveFullScreen)
        rawMode.restore()
        suspended = true
        SignalEvents.suspendProcess()
        // If the stop is refused (an orphaned process group ignores SIGTSTP), no SIGCONT will
        // come: take the terminal back shortly after. When stopped, this fires after `fg`.
        let continuation = continuation
        let clock = session.context.clock
        group.addTask {
            try? await clock.sleep(for: .milliseconds(200))
            continuation.yield(.resumeCheck)
        }
    }

    /// Takes the terminal again after a stop, in the foreground: raw mode, alternate screen, a
    /// full redraw, and keys again if a background read paused them.
    private mutating func resume() throws {
        // SIGCONT also comes after an outside stop we never saw; setting up again is harmless.
        try? rawMode.reapply()
        suspended = false
        try session.context.stdout.write(TerminalModes.enterFullScreen)
        writer.invalidate()
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

    /// Draws once within `frameInterval`, however many network events arrive meanwhile.
    private mutating func scheduleDraw(_ group: inout TaskGroup<Void>) {
        guard !drawScheduled else { return }
        drawScheduled = true
        let continuation = continuation
        let clock = session.context.clock
        group.addTask {
            try? await clock.sleep(for: InteractiveSession.frameInterval)
            continuation.yield(.drawDue)
        }
    }

    /// Waits `escapeTimeout` for the rest of an escape sequence, then resolves a lone Esc.
    private func scheduleEscapeTimeout(_ group: inout TaskGroup<Void>) {
        let continuation = continuation
        let clock = session.context.clock
        let generation = escapeGeneration
        group.addTask {
            try? await clock.sleep(for: InteractiveSession.escapeTimeout)
            continuation.yield(.escapeTimeout(generation: generation))
        }
    }

    /// Makes sure a redraw happens when the next price highlight is due to end.
    private mutating func scheduleFlashEnd(_ group: inout TaskGroup<Void>, now: Date) {
        guard let end = model.live.nextFlashEnd(after: now), wakeUpAt.map({ end < $0 }) ?? true else { return }
        wakeUpAt = end
        let continuation = continuation
        let clock = session.context.clock
        let delay = Duration.milliseconds(Int(clamping: (end.timeIntervalSince(now) * 1000).rounded(.up))) + .milliseconds(10)
        group.addTask {
            try? await clock.sleep(for: delay)
            continuation.yield(.model(.tick))
        }
    }

    /// Writes the current frame (only what changed); nothing while suspended.
    private mutating func draw() throws {
        guard !suspended else { return }
        let frame = renderer.frame(model)
        let bytes = writer.update(to: frame, renderer: .colored, columns: model.size.columns)
        if !bytes.isEmpty { try session.context.stdout.write(bytes) }
    }
}
