import Foundation
import LacriptaTerminal

/// A view that `ViewDriver` runs: `live` on and off a terminal, `top --watch`, the full-screen view.
///
/// The view holds its state and its model; the driver holds everything they share: the one
/// stream of inputs, the ticker, the signals, the work in flight and the screen. The view takes
/// one input at a time with the time it arrived and answers with a `ViewReaction` (draw now or
/// soon, work to start, when to wake it, whether to stop); the driver does the waiting and the
/// I/O. A view may still touch the terminal itself where only it knows how (raw mode for Ctrl-Z).
protocol DrivenView {
    /// What the view's own sources and work report (a batch of feed events, a fetched toplist).
    associatedtype Event: Sendable

    /// The work to start before any input (sources to read, a first fetch) and whether to draw
    /// the first frame at once.
    mutating func start(at now: Date) -> ViewReaction<Event>

    /// Takes one input that arrived at `now`.
    mutating func handle(_ input: ViewInput<Event>, at now: Date) throws -> ViewReaction<Event>

    /// The frame to show at `now`, or `nil` to leave the screen as it is (nothing to draw off a
    /// terminal, or the terminal is the shell's while the process is stopped).
    func frame(at now: Date) -> ViewFrame?

    /// The loop is over: end sources gracefully (a normal close of the socket) before the driver
    /// cancels the tasks reading them.
    mutating func finish() async
}

extension DrivenView {
    /// Nothing to end gracefully.
    mutating func finish() async {}
}

/// One input for a driven view.
enum ViewInput<Event: Sendable>: Sendable {
    /// Something the view's sources or work reported.
    case event(Event)
    /// A signal: stop (Ctrl-C, kill, hang-up), the window resized, or the process continued.
    case signal(SignalEvents.Event)
    /// Time passed: the driver's ticker, or the wake-up time the view asked for. Ages and
    /// highlights change with time alone.
    case tick
}

/// What a driven view wants after an input.
struct ViewReaction<Event: Sendable> {
    /// When to draw.
    enum Redraw: Sendable, Equatable {
        /// Not for this input.
        case none
        /// Within `ViewDriver.frameInterval`, drawn once however many inputs ask meanwhile: for
        /// what comes from the network, so a burst of ticks costs one frame.
        case soon
        /// Right away: what the user did (a key, a resize) shows without delay.
        case now
        /// Right away and every row, not just those that changed (the screen's content is not
        /// known: after a resize, a resume, Ctrl-L).
        case full
    }

    /// When to draw.
    var redraw: Redraw = .none
    /// Work to start; it reports through the driver's inbox and is cancelled when the view ends.
    var work: [ViewWork<Event>] = []
    /// A time the view must be handed a `.tick` at (a highlight ends then), if any.
    var wake: Date?
    /// Whether the view is done.
    var finish = false

    /// Nothing to do.
    static var nothing: ViewReaction { ViewReaction() }
    /// Stop, drawing nothing more.
    static var stop: ViewReaction { ViewReaction(finish: true) }

    /// Only a redraw.
    static func draw(_ redraw: Redraw) -> ViewReaction {
        ViewReaction(redraw: redraw)
    }
}

/// Work a driven view asks the driver to start.
///
/// It runs as a child task of the driver's loop, reports through the inbox, and is cancelled
/// when the view ends.
enum ViewWork<Event: Sendable>: Sendable {
    /// Runs `body` (a fetch, a source to read for as long as it lasts).
    case task(@Sendable (_ inbox: ViewInbox<Event>) async -> Void)
    /// Sends `event` after `delay` on the driver's clock.
    case after(Duration, Event)
}

/// One frame: the lines from the top, and the window they were laid out for.
struct ViewFrame: Sendable {
    /// The lines, each one terminal row (a screen cuts what does not fit).
    var lines: [StyledText]
    /// The window size the lines were made for.
    var size: TerminalSize
}
