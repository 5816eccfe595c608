import Foundation
import LacriptaNet

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals a redrawing view handles, as values its loop can await: SIGINT, SIGTERM and SIGHUP
/// end the view through the path that restores the terminal (instead of killing the process
/// mid-frame), SIGWINCH re-lays it out, and SIGCONT (after Ctrl-Z and `fg`) redraws it. Installed by
/// `ViewDriver` for every view that redraws (`top --watch`, `live`, the full-screen view) and by
/// `alert watch`.
///
/// The signals come through `SignalPipe`, not Dispatch's signal sources: on Linux those read a
/// signalfd, which only sees a signal that every thread blocks, and the main thread and our own
/// threads do not. A Ctrl-C that reached such a thread went through Dispatch's re-raise, and one
/// that came before Dispatch had registered its source was dropped (the disposition had to be
/// SIG_IGN meanwhile): CI once saw `live` on a terminal ignore the SIGINT that should end it.
final class SignalEvents: Sendable {
    /// What happened.
    enum Event: Sendable, Equatable {
        /// The user asked to stop (Ctrl-C, kill, terminal closed).
        case stop
        /// The terminal changed size.
        case resize
        /// The process was continued after being stopped.
        case continued
    }

    /// The signals a view handles and what each means.
    static let viewSignals: [Int32: Event] = [
        SIGINT: .stop, SIGTERM: .stop, SIGHUP: .stop, SIGWINCH: .resize, SIGCONT: .continued,
    ]
    private let listener: SignalPipe.Listener?

    /// Starts listening for `signals` (the view's by default); `handler` runs on the signal
    /// thread for each one that arrives, in order. If the pipe cannot be made (no descriptors
    /// left), nothing is installed and the signals keep their default actions.
    init(_ signals: [Int32: Event] = viewSignals, _ handler: @escaping @Sendable (Event) -> Void) {
        listener = SignalPipe.shared?.listen(to: Set(signals.keys)) { number in
            if let event = signals[number] { handler(event) }
        }
    }

    /// Stops listening; a signal nobody listens to any more gets its default action back.
    func cancel() {
        if let listener { SignalPipe.shared?.stopListening(listener) }
    }

    /// Stops the process as Ctrl-Z would with job control (the caller has restored the terminal
    /// first). SIGTSTP keeps its default action, so the shell sees an ordinary stopped job.
    static func suspendProcess() {
        kill(getpid(), SIGTSTP)
    }
}

/// The process's one path for signals: a handler that writes the signal's number to a pipe
/// (all a handler may safely do), and a thread that reads the pipe and calls the listeners.
/// Whichever thread the kernel picks runs the handler, and the reading thread blocks no signal,
/// so one always can.
final class SignalPipe: Sendable {
    /// One listener's registration, to hand back to `stopListening`.
    struct Listener: Sendable, Hashable {
        fileprivate let id: Int
    }

    private struct Registration {
        let signals: Set<Int32>
        let call: @Sendable (Int32) -> Void
    }

    private struct State {
        var listeners: [Int: Registration] = [:]
        var nextID = 0
        /// The signals whose handler is ours now.
        var installed: Set<Int32> = []
    }

    /// The pipe and its reading thread, made on first use; nil when the pipe cannot be made.
    static let shared: SignalPipe? = SignalPipe()

    private let state = Locked(State())

    private init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The handler must never block: when the reader is far behind, a signal is dropped.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        // Set before any handler is installed, so the handler only ever reads it.
        signalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let state = state
        NamedThread.start("lacripta-signal") {
            // This thread takes every signal: Dispatch's threads block them all, and so does the
            // main thread once it is parked in `dispatch_main`, and a signal that every thread
            // blocks waits for ever. Where a signal lands changes nothing else: its disposition is
            // the process's. The handler then interrupts the read below, which starts again.
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                for byte in buffer[0..<count] {
                    let number = Int32(byte)
                    let calls = state.withLock { $0.listeners.values.filter { $0.signals.contains(number) }.map(\.call) }
                    for call in calls { call(number) }
                }
            }
        }
    }

    /// Calls `call` with the number of each of `signals` that arrives until `stopListening`.
    func listen(to signals: Set<Int32>, _ call: @escaping @Sendable (Int32) -> Void) -> Listener {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.listeners[id] = Registration(signals: signals, call: call)
            for number in signals.subtracting(state.installed) {
                _ = signal(number, forwardSignalToPipe)
            }
            state.installed.formUnion(signals)
            return Listener(id: id)
        }
    }

    /// Ends `listener`; the signals no other listener wants get their default actions back.
    func stopListening(_ listener: Listener) {
        state.withLock { state in
            guard state.listeners.removeValue(forKey: listener.id) != nil else { return }
            let wanted = state.listeners.values.reduce(into: Set<Int32>()) { $0.formUnion($1.signals) }
            for number in state.installed.subtracting(wanted) {
                _ = signal(number, SIG_DFL)
            }
            state.installed = wanted
        }
    }
}

/// The pipe's write end, for the handler (which can capture nothing). Written once, before the
/// first handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: one byte, the signal's number, into the pipe. `write` is async-signal-safe;
/// errno is put back, as the interrupted code may be about to read it.
private func forwardSignalToPipe(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}
