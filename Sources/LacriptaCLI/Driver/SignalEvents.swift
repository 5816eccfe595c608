import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals a redrawing view handles, as values its loop can await: SIGINT, SIGTERM and SIGHUP
/// end the view through the path that restores the terminal (instead of killing the process
/// mid-frame), SIGWINCH re-lays it out, and SIGCONT (after Ctrl-Z and `fg`) redraws it. Installed by
/// `ViewDriver` for every view that redraws (`top --watch`, `live`, the full-screen view).
final class SignalEvents: @unchecked Sendable {
    // `sources` is set once in init and only read afterwards; dispatch sources are thread-safe.
    /// What happened.
    enum Event: Sendable, Equatable {
        /// The user asked to stop (Ctrl-C, kill, terminal closed).
        case stop
        /// The terminal changed size.
        case resize
        /// The process was continued after being stopped.
        case continued
    }

    private static let handled: [(Int32, Event)] = [
        (SIGINT, .stop), (SIGTERM, .stop), (SIGHUP, .stop), (SIGWINCH, .resize), (SIGCONT, .continued),
    ]
    private let sources: [any DispatchSourceSignal]

    /// Starts listening; `handler` runs on a private queue for every signal.
    init(_ handler: @escaping @Sendable (Event) -> Void) {
        let queue = DispatchQueue(label: "lacripta.signals")
        var sources: [any DispatchSourceSignal] = []
        for (number, event) in Self.handled {
            // The default action must be off, or the signal would kill the process before the
            // dispatch source sees it. (SIGCONT continues the process whatever we set.)
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(event) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// Stops listening and gives the signals their default actions back.
    func cancel() {
        for source in sources { source.cancel() }
        for (number, _) in Self.handled { signal(number, SIG_DFL) }
    }

    /// Stops the process as Ctrl-Z would with job control (the caller has restored the terminal
    /// first). SIGTSTP keeps its default action, so the shell sees an ordinary stopped job.
    static func suspendProcess() {
        kill(getpid(), SIGTSTP)
    }
}
