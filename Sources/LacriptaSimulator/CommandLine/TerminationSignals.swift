#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT/SIGTERM handling for `lacripta-sim` without signal handlers or global state.
///
/// `block()` must run first in `main`, before any thread exists: threads inherit the signal
/// mask, so afterwards no thread can be killed by these signals, and `wait()` collects them
/// synchronously with `sigwait(3)` on the main thread.
public enum TerminationSignals {
    /// The signals that stop the simulator.
    public static let signals: [Int32] = [SIGINT, SIGTERM]

    /// Blocks the signals in the calling thread (and every thread it creates later).
    ///
    /// It also resets their disposition to the default: a shell starts background jobs with
    /// SIGINT ignored, and an ignored signal is discarded before `sigwait` could see it, so
    /// `lacripta-sim &` followed by `kill -INT` would otherwise never stop.
    public static func block() {
        var set = signalSet()
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
        for number in signals { _ = signal(number, SIG_DFL) }
    }

    /// Waits until one of the signals arrives and returns its number.
    public static func wait() -> Int32 {
        var set = signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }
}
