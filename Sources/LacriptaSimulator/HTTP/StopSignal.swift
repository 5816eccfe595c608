import LacriptaNet

/// A one-shot "the server is stopping" flag that blocked threads can wait on with `poll(2)`.
///
/// It is a `WakePipe` that is never drained: `fire()` writes one byte that is never read, so the
/// read end stays readable and every later wait returns at once. This wakes the accept loop,
/// idle connections and slow-mode delays on both Linux and macOS, where closing a descriptor
/// another thread polls does not.
final class StopSignal: Sendable {
    private let pipe: WakePipe

    /// Creates the pipe.
    init() throws(NetError) {
        pipe = try WakePipe()
    }

    /// The end the waiters poll (pass it as `Posix.wait`'s `wake`).
    var readEnd: Int32 { pipe.readEnd }

    /// Marks the signal as fired and wakes every waiter; later calls do nothing new.
    func fire() {
        pipe.signal()
    }

    /// Whether `fire()` has been called.
    var isFired: Bool {
        Posix.wait(pipe.readEnd, readable: true, writable: false, wake: nil, timeout: 0).readable
    }

    /// Sleeps for `duration` unless the signal fires first; returns `true` if it fired.
    func wait(for duration: Duration) -> Bool {
        let deadline = Deadline(after: duration)
        while !deadline.hasPassed {
            if Posix.wait(pipe.readEnd, readable: true, writable: false, wake: nil, timeout: deadline.remainingMilliseconds).readable {
                return true
            }
        }
        return isFired
    }
}
