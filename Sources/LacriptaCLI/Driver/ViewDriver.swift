import Foundation
import LacriptaCore
import LacriptaTerminal

/// The one loop behind every view that redraws: `live` (on a terminal and off it), `top --watch`
/// and the full-screen view. It owns what they share and each used to wire by hand:
///
/// - one stream of inputs: the view's work and sources, the signals, the ticker, wake-ups;
/// - the signals: SIGINT, SIGTERM and SIGHUP arrive as `.stop` instead of killing the process
///   mid-frame, SIGWINCH as `.resize`, SIGCONT as `.continued` (SIGTSTP keeps its default: a view
///   that must restore the terminal first stops itself, see `SignalEvents.suspendProcess`);
/// - a ticker, when the view shows ages: a `.tick` every `tickInterval`;
/// - paced redraws: a frame asked for `.soon` is drawn once within `frameInterval`, however many
///   inputs ask meanwhile, so at most 20 frames a second; `.now` draws at once;
/// - wake-ups: a view that shows something until a given time (a flash) is handed a `.tick` just
///   after it, without polling;
/// - the work in flight, as child tasks cancelled when the view ends;
/// - the screen, set up before the first frame and given back on every way out.
///
/// The view (`DrivenView`) decides what each input means and what a frame looks like; it does
/// no waiting and draws nothing itself. One run per driver: its input stream has one consumer.
struct ViewDriver<Event: Sendable>: Sendable {
    /// The shortest time between two frames drawn for inputs that ask for `.soon`.
    static var frameInterval: Duration { .milliseconds(50) }
    /// How long after a wake-up time the `.tick` comes, so the frame drawn then is past it.
    static var wakeSlack: Duration { .milliseconds(10) }

    /// Where code outside the loop (a callback-based reader) sends the view's events.
    let inbox: ViewInbox<Event>
    private let messages: AsyncStream<ViewMessage<Event>>
    private let screen: ViewScreen
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let tickInterval: Duration?

    /// A driver drawing on `screen`, waiting on `clock`, stamping inputs with `now`, and ticking
    /// every `tickInterval` (never, when `nil`).
    init(screen: ViewScreen, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, tickInterval: Duration? = nil) {
        let (messages, continuation) = AsyncStream.makeStream(of: ViewMessage<Event>.self)
        self.messages = messages
        inbox = ViewInbox(continuation: continuation)
        self.screen = screen
        self.clock = clock
        self.now = now
        self.tickInterval = tickInterval
    }

    /// A driver with `context`'s clock and time.
    init(screen: ViewScreen, context: Context, tickInterval: Duration? = nil) {
        self.init(screen: screen, clock: context.clock, now: context.now, tickInterval: tickInterval)
    }

    /// Runs `view` until it finishes or fails; the screen is given back either way, then the
    /// failure (a write to a closed terminal, an error the view threw) is rethrown.
    func run<View: DrivenView>(_ view: inout View) async throws where View.Event == Event {
        let continuation = inbox.continuation
        let signals = SignalEvents { continuation.yield(.input(.signal($0))) }
        var screen = self.screen
        var failure: (any Error)?
        do {
            try await screen.enter()
            failure = await withDiscardingTaskGroup(returning: (any Error)?.self) { group in
                var pacing = Pacing()
                let failure = await loop(&view, screen: &screen, pacing: &pacing, group: &group)
                // Sources end gracefully first; cancelling their readers would close with "going away".
                await view.finish()
                group.cancelAll()
                return failure
            }
        } catch {
            failure = error
        }
        signals.cancel()
        continuation.finish()
        guard let failure else { return try await screen.leave() }
        try? await screen.leave()
        throw failure
    }

    /// Redraw and wake-up bookkeeping of one run.
    private struct Pacing {
        /// Set while a paced frame is scheduled (`.drawDue` will come).
        var drawScheduled = false
        /// The earliest wake-up already scheduled.
        var wakeAt: Date?
    }

    /// Feeds inputs to `view` until it finishes; returns the error that ended it, if one did.
    private func loop<View: DrivenView>(
        _ view: inout View, screen: inout ViewScreen, pacing: inout Pacing, group: inout DiscardingTaskGroup
    ) async -> (any Error)? where View.Event == Event {
        do {
            if let tickInterval { startTicker(every: tickInterval, &group) }
            let first = view.start(at: now())
            try await react(first, view: view, at: now(), screen: &screen, pacing: &pacing, group: &group)
            if first.finish { return nil }
            for await message in messages {
                let now = now()
                let input: ViewInput<Event>
                switch message {
                case .drawDue:
                    pacing.drawScheduled = false
                    try await draw(view, at: now, screen: &screen, full: false)
                    continue
                case .input(let received):
                    input = received
                }
                if case .tick = input, let wakeAt = pacing.wakeAt, wakeAt <= now { pacing.wakeAt = nil }
                let reaction = try view.handle(input, at: now)
                try await react(reaction, view: view, at: now, screen: &screen, pacing: &pacing, group: &group)
                if reaction.finish { return nil }
            }
        } catch {
            return error
        }
        return nil
    }

    /// Starts the work, schedules the wake-up and draws as `reaction` asks.
    private func react<View: DrivenView>(
        _ reaction: ViewReaction<Event>, view: View, at now: Date, screen: inout ViewScreen, pacing: inout Pacing,
        group: inout DiscardingTaskGroup
    ) async throws where View.Event == Event {
        let inbox = inbox
        let clock = clock
        for work in reaction.work {
            switch work {
            case .task(let body):
                group.addTask { await body(inbox) }
            case .after(let delay, let event):
                group.addTask {
                    guard (try? await clock.sleep(for: delay)) != nil else { return }
                    inbox.send(event)
                }
            }
        }
        if let wake = reaction.wake, wake > now, pacing.wakeAt.map({ wake < $0 }) ?? true {
            pacing.wakeAt = wake
            let delay = Duration.milliseconds(Int(clamping: (wake.timeIntervalSince(now) * 1000).rounded(.up))) + Self.wakeSlack
            group.addTask {
                guard (try? await clock.sleep(for: delay)) != nil else { return }
                inbox.continuation.yield(.input(.tick))
            }
        }
        switch reaction.redraw {
        case .none:
            break
        case .soon:
            guard !pacing.drawScheduled else { break }
            pacing.drawScheduled = true
            group.addTask {
                guard (try? await clock.sleep(for: Self.frameInterval)) != nil else { return }
                inbox.continuation.yield(.drawDue)
            }
        case .now, .full:
            try await draw(view, at: now, screen: &screen, full: reaction.redraw == .full)
        }
    }

    /// Draws the view's frame, if it has one.
    private func draw<View: DrivenView>(_ view: View, at now: Date, screen: inout ViewScreen, full: Bool) async throws {
        guard let frame = view.frame(at: now) else { return }
        try await screen.draw(frame, full: full)
    }

    /// Sends `.tick` every `interval` until the run ends.
    private func startTicker(every interval: Duration, _ group: inout DiscardingTaskGroup) {
        let continuation = inbox.continuation
        let clock = clock
        group.addTask {
            while (try? await clock.sleep(for: interval)) != nil {
                continuation.yield(.input(.tick))
            }
        }
    }
}

/// Where a driven view's sources and work send its events, from any thread.
struct ViewInbox<Event: Sendable>: Sendable {
    fileprivate let continuation: AsyncStream<ViewMessage<Event>>.Continuation

    /// Hands `event` to the view (dropped once the view has ended).
    func send(_ event: Event) {
        continuation.yield(.input(.event(event)))
    }
}

/// What the driver's loop waits on: inputs for the view, and its own paced frames.
private enum ViewMessage<Event: Sendable>: Sendable {
    case input(ViewInput<Event>)
    case drawDue
}
