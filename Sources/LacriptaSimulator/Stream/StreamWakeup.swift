import Foundation

/// Lets the streamer's timer thread sleep until its next deadline or until something changes
/// (a new subscription, a rate change, stop), whichever comes first.
final class StreamWakeup: @unchecked Sendable {
    // @unchecked Sendable: `pending` is only read or written while `condition` is locked.
    // NSCondition rather than Task.sleep because a sleeping task cannot be woken early without
    // cancelling it; the HTTP server uses the same primitive for its accept loop.
    private let condition = NSCondition()
    private var pending = false

    /// Wakes the sleeper now, or makes its next wait return at once.
    func signal() {
        condition.lock()
        pending = true
        condition.signal()
        condition.unlock()
    }

    /// Sleeps until `deadline` (forever when nil) or a `signal`.
    func wait(until deadline: ContinuousClock.Instant?) {
        condition.lock()
        defer {
            pending = false
            condition.unlock()
        }
        while !pending {
            guard let deadline else {
                condition.wait()
                continue
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return }
            let (seconds, attoseconds) = remaining.components
            let date = Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
            if !condition.wait(until: date) { return }
        }
    }
}
