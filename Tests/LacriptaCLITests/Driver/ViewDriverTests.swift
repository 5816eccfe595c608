import Foundation
import LacriptaTerminal
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

/// A view that shows one number and records what it was handed.
private struct CountingView: DrivenView, Sendable {
    enum Event: Sendable {
        /// Show `value`, drawn `.soon`; ask for a `.tick` at `wake` (seconds after the fixed now).
        case data(Int, wake: TimeInterval? = nil)
        /// Stop, drawing the last frame at once.
        case stopNow
    }

    static let now = Date(timeIntervalSince1970: 1_710_936_000)
    var value = 0
    var ticks = 0
    var finished = false
    /// Work to start with.
    var initialWork: [ViewWork<Event>] = []
    /// Whether a tick ends the view (so a test knows the tick was handled when the run ends).
    var stopsOnTick = false

    mutating func start(at now: Date) -> ViewReaction<Event> {
        ViewReaction(work: initialWork)
    }

    mutating func handle(_ input: ViewInput<Event>, at now: Date) -> ViewReaction<Event> {
        switch input {
        case .event(.data(let value, let wake)):
            self.value = value
            return ViewReaction(redraw: .soon, wake: wake.map { Self.now.addingTimeInterval($0) })
        case .event(.stopNow):
            return ViewReaction(redraw: .now, finish: true)
        case .tick:
            ticks += 1
            return stopsOnTick ? .stop : .nothing
        case .signal:
            return .nothing
        }
    }

    func frame(at now: Date) -> ViewFrame? {
        ViewFrame(lines: [StyledText("value \(value)")], size: TerminalSize(columns: 80, rows: 24))
    }

    mutating func finish() async {
        finished = true
    }
}

@Suite("The shared view driver: paced frames, wake-ups, work and the screen", .timeLimit(.minutes(5)))
struct ViewDriverTests {
    private let clock = TestClock()
    private let output = RecordingOutput()

    private func driver() -> ViewDriver<CountingView.Event> {
        ViewDriver(screen: .inline(output, renderer: ANSIRenderer(colorEnabled: false)), clock: clock, now: { CountingView.now })
    }

    /// Runs `view` on `driver` in a task; returns the view as it ended.
    private func start(_ view: CountingView, on driver: ViewDriver<CountingView.Event>) -> Task<CountingView, any Error> {
        Task {
            var view = view
            try await driver.run(&view)
            return view
        }
    }

    /// The frames written: every write that shows a value.
    private var frames: [String] { output.writes.filter { $0.contains("value") } }

    @Test("a burst of inputs that ask for a frame soon is drawn once, after the frame interval")
    func pacedFrames() async throws {
        let driver = driver()
        let run = start(CountingView(), on: driver)
        for value in 1...100 { driver.inbox.send(.data(value)) }
        await clock.waitForSleepers(count: 1)
        #expect(clock.sleeperDeadlines == [ViewDriver<CountingView.Event>.frameInterval])
        #expect(frames.isEmpty)
        clock.advance(by: ViewDriver<CountingView.Event>.frameInterval)
        driver.inbox.send(.stopNow)
        let view = try await run.value
        #expect(frames.count == 1 && frames.first?.contains("value 100") == true)
        #expect(view.value == 100 && view.finished)
        #expect(output.text.hasPrefix(ANSI.hideCursor) && output.text.hasSuffix(ANSI.restoreTerminal))
    }

    @Test("a wake-up comes as a tick just after the time asked; only the earliest is scheduled")
    func wakeUps() async throws {
        let driver = driver()
        var view = CountingView()
        view.stopsOnTick = true
        let run = start(view, on: driver)
        driver.inbox.send(.data(1, wake: 2))
        driver.inbox.send(.data(2, wake: 1))
        driver.inbox.send(.data(3, wake: 3))
        // The paced frame, then the wake-ups at 2 s and 1 s (plus the slack); 3 s is later than one pending.
        await clock.waitForSleepers(count: 3)
        let slack = ViewDriver<CountingView.Event>.wakeSlack
        #expect(clock.sleeperDeadlines == [.milliseconds(50), .seconds(1) + slack, .seconds(2) + slack])
        clock.advance(by: .seconds(1) + slack)
        let ended = try await run.value
        #expect(ended.ticks == 1 && ended.value == 3)
    }

    @Test("work reports through the inbox, and what is still running is cancelled when the view ends")
    func work() async throws {
        let driver = driver()
        var view = CountingView()
        view.initialWork = [
            .task { inbox in inbox.send(.data(42)) },
            .task { _ in try? await Task.sleep(for: .seconds(3600)) },
            .after(.seconds(1), .stopNow),
        ]
        let run = start(view, on: driver)
        await clock.waitForSleepers(count: 2)
        clock.advance(by: .seconds(1))
        let ended = try await run.value
        #expect(ended.value == 42 && ended.finished)
        #expect(frames.last?.contains("value 42") == true, "the last frame is drawn before the view stops")
    }
}
