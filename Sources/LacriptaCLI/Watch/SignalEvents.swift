import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT, SIGTERM, SIGHUP and SIGWINCH into values a refreshing view can await, so Ctrl-C
/// ends the view through the normal path that restores the terminal instead of killing the
/// process mid-frame.
final class SignalEvents: @unchecked Sendable {
    // `sources` is set once in init and only read afterwards; dispatch sources are thread-safe.
    /// What happened.
    enum Event: Sendable {
        /// The user asked to stop (Ctrl-C, kill, terminal closed).
        case stop
        /// The terminal changed size.
        case resize
    }

    private let sources: [any DispatchSourceSignal]

    /// Starts listening; `handler` runs on a private queue for every signal.
    init(_ handler: @escaping @Sendable (Event) -> Void) {
        let queue = DispatchQueue(label: "lacripta.signals")
        var sources: [any DispatchSourceSignal] = []
        for (number, event) in [(SIGINT, Event.stop), (SIGTERM, .stop), (SIGHUP, .stop), (SIGWINCH, .resize)] {
            // The default action must be off, or the signal would kill the process before the
            // dispatch source sees it.
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
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { signal(number, SIG_DFL) }
    }
}
