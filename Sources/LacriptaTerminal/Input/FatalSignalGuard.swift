#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives the terminal back if the process dies of a fatal signal while a full-screen view owns it.
///
/// Without it a crash (a trap is SIGILL on x86-64 and SIGTRAP on arm64; a `kill -SEGV`, an abort)
/// leaves the user's shell on the alternate screen, cursor hidden, echo off: unusable until they
/// type `reset` blind. While armed, a handler for SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE
/// and SIGQUIT writes the restore bytes prepared at `arm` time with `write(2)`, puts the saved
/// `termios` back with `tcsetattr(2)`, prints one line on standard error, and raises the signal
/// again with its default action, so the process still ends as that signal says (exit status
/// 128 + N in a shell, a core file if `ulimit -c` allows). The handler only reads memory prepared
/// in advance and makes those system calls, all async-signal-safe: no allocation, no locks, no
/// Swift runtime calls.
///
/// The Swift runtime's backtracer. On Linux the runtime installs its own handler for these signals
/// (and SIGQUIT) in a static initializer before `main`, after reading `SWIFT_BACKTRACE` once,
/// there and then (Swift 6.3's `CrashHandlerLinux.cpp`): a `setenv("SWIFT_BACKTRACE", ...)` from
/// `main` is too late to change anything. By default it is interactive when standard input and
/// output are terminals: it would print its report over the view and wait 30 s at "Press space
/// to interact, D to debug" on a terminal still in raw mode. `sigaction` replaces a handler rather
/// than adding one, so while armed ours runs instead of the runtime's, never before it, and the
/// runtime's is not chained: its prompt is exactly what must not take over the terminal.
/// `disarm()` puts the runtime's handler back, so a crash outside the view keeps its backtrace.
///
/// Process-wide by nature: a signal handler finds its data through a global. There is one armed
/// guard at a time (the full-screen view), set up and torn down by the thread that owns the view.
public struct FatalSignalGuard {
    /// The fatal signals handled, with the names the error line uses.
    private static let signals: [(number: Int32, name: String)] = [
        (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"), (SIGSEGV, "SIGSEGV"), (SIGBUS, "SIGBUS"), (SIGABRT, "SIGABRT"),
        (SIGFPE, "SIGFPE"), (SIGQUIT, "SIGQUIT"),
    ]

    /// The actions found at `arm` time (normally the Swift runtime's), put back by `disarm`.
    private var previous: [(Int32, sigaction)]

    /// Installs the handler: on a fatal signal, `restoreBytes` is written to `outputDescriptor`,
    /// `rawMode`'s saved settings are put back on its descriptor, and the signal ends the process.
    public static func arm(rawMode: RawMode, outputDescriptor: Int32, restoreBytes: String) -> FatalSignalGuard {
        let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        settings.initialize(to: rawMode.savedSettings())
        let lines = UnsafeMutablePointer<CrashRestoreState.SignalLine>.allocate(capacity: signals.count)
        for (index, signal) in signals.enumerated() {
            (lines + index).initialize(to: .init(number: signal.number, line: .init(Self.errorLine(signalName: signal.name))))
        }
        let state = UnsafeMutablePointer<CrashRestoreState>.allocate(capacity: 1)
        state.initialize(
            to: CrashRestoreState(
                restore: .init(restoreBytes), outputDescriptor: outputDescriptor, inputDescriptor: rawMode.fileDescriptor,
                settings: settings, lines: lines, lineCount: signals.count))
        // Published before the handler can run: the handler reads only through this pointer.
        armedCrashRestore = state
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handleFatalSignal
        #else
        action.__sigaction_handler.sa_handler = handleFatalSignal
        #endif
        sigemptyset(&action.sa_mask)
        // RESETHAND: the default action is back on entry, so the raise at the end kills the process
        // even if a second fault happens in the handler. NODEFER: that raise is delivered at once.
        // ONSTACK: the runtime's alternate stack, if any, still serves a stack overflow.
        action.sa_flags = Int32(truncatingIfNeeded: Int(SA_RESETHAND) | Int(SA_NODEFER) | Int(SA_ONSTACK))
        var previous: [(Int32, sigaction)] = []
        for (number, _) in signals {
            var old = sigaction()
            if sigaction(number, &action, &old) == 0 { previous.append((number, old)) }
        }
        return FatalSignalGuard(previous: previous)
    }

    private init(previous: [(Int32, sigaction)]) {
        self.previous = previous
    }

    /// Puts back the actions found at `arm` time. The prepared bytes stay allocated (a few hundred
    /// bytes, once per view): a handler that began on another thread just before may still read them.
    public func disarm() {
        for (number, action) in previous {
            var action = action
            sigaction(number, &action, nil)
        }
        armedCrashRestore = nil
    }

    /// "lacripta: internal error (SIGSEGV); the terminal was restored. Please report this bug …".
    static func errorLine(signalName: String) -> String {
        "lacripta: internal error (\(signalName)); the terminal was restored. "
            + "Please report this bug, with the command you ran.\n"
    }
}

/// What the fatal-signal handler needs, laid out before any signal can arrive: plain pointers and
/// numbers (no arrays, no strings), so the handler reads memory and retains nothing.
struct CrashRestoreState {
    /// Bytes in memory of their own, never freed (see `disarm`).
    struct Bytes {
        let pointer: UnsafeMutablePointer<UInt8>
        let count: Int

        /// A copy of `text`'s UTF-8 bytes.
        init(_ text: String) {
            let utf8 = Array(text.utf8)
            pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, utf8.count))
            pointer.initialize(from: utf8, count: utf8.count)
            count = utf8.count
        }
    }

    /// The error line for one signal.
    struct SignalLine {
        let number: Int32
        let line: Bytes
    }

    /// The escape sequences that undo the full screen.
    let restore: Bytes
    /// Where they go (the terminal's output).
    let outputDescriptor: Int32
    /// The terminal whose settings are put back.
    let inputDescriptor: Int32
    /// The settings from before raw mode.
    let settings: UnsafeMutablePointer<termios>
    /// The error lines, one per handled signal.
    let lines: UnsafeMutablePointer<SignalLine>
    let lineCount: Int
}

/// The armed guard's data, or `nil`. Global because a signal handler has no other way to find it;
/// written only by `arm`/`disarm` on the view's thread, read by the handler.
nonisolated(unsafe) private var armedCrashRestore: UnsafeMutablePointer<CrashRestoreState>?

/// The handler: restore, say so, and die of the same signal. Async-signal-safe calls only.
private let handleFatalSignal: @convention(c) (Int32) -> Void = { signal in
    if let state = armedCrashRestore {
        writeFully(state.pointee.outputDescriptor, state.pointee.restore)
        _ = tcsetattr(state.pointee.inputDescriptor, TCSANOW, state.pointee.settings)
        for index in 0..<state.pointee.lineCount where state.pointee.lines[index].number == signal {
            writeFully(STDERR_FILENO, state.pointee.lines[index].line)
        }
    }
    // SA_RESETHAND made the action the default again: this ends the process as the signal says.
    _ = raise(signal)
}

/// `write(2)` until every byte is out, retrying short writes and interrupts; gives up on errors.
private func writeFully(_ descriptor: Int32, _ bytes: CrashRestoreState.Bytes) {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.pointer + offset, bytes.count &- offset)
        if written > 0 {
            offset &+= written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
}
