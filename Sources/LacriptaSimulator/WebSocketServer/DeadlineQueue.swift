import LacriptaNet

/// A queue whose consumers wait with a deadline, without sleeping: the owning I/O thread polls
/// with `earliestDeadline` as its timeout and calls `expire()` when it wakes up.
final class DeadlineQueue<Element: Sendable>: Sendable {
    /// A suspended `next` call.
    private struct Waiter {
        var deadline: Deadline
        var continuation: CheckedContinuation<Element?, Never>
    }

    /// Items not yet taken, waiters not yet served, and whether more items can come.
    private struct State {
        var items: [Element] = []
        var waiters: [Waiter] = []
        var closed = false
        var finalValue: Element?
        var limit: Int
    }

    private let state: Locked<State>

    /// Creates a queue that keeps at most `limit` unclaimed items, dropping the oldest beyond it
    /// (a long-running simulator connection must not grow without bound).
    init(limit: Int = 10_000) {
        state = Locked(State(limit: limit))
    }

    /// Hands `element` to the oldest waiter, or keeps it for the next `next` call.
    func post(_ element: Element) {
        let waiter: Waiter? = state.withLock { state in
            guard !state.waiters.isEmpty else {
                state.items.append(element)
                if state.items.count > state.limit { state.items.removeFirst() }
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.continuation.resume(returning: element)
    }

    /// The next element, or nil once `timeout` passes or the queue is closed and empty.
    /// `wake` tells the owning thread to recompute its poll timeout.
    func next(timeout: Duration, wake: @Sendable () -> Void) async -> Element? {
        await withCheckedContinuation { continuation in
            let immediate: Element?? = state.withLock { state in
                if !state.items.isEmpty { return .some(state.items.removeFirst()) }
                if state.closed { return .some(state.finalValue) }
                state.waiters.append(Waiter(deadline: Deadline(after: timeout), continuation: continuation))
                return nil
            }
            if let immediate {
                continuation.resume(returning: immediate)
            } else {
                wake()
            }
        }
    }

    /// The earliest waiter deadline, for the owner's poll timeout.
    var earliestDeadline: Deadline? {
        state.withLock { $0.waiters.min { $0.deadline.instant < $1.deadline.instant }?.deadline }
    }

    /// Resumes waiters whose deadline has passed with nil.
    func expire() {
        let expired: [Waiter] = state.withLock { state in
            let (done, waiting) = (state.waiters.filter { $0.deadline.hasPassed }, state.waiters.filter { !$0.deadline.hasPassed })
            state.waiters = waiting
            return done
        }
        for waiter in expired { waiter.continuation.resume(returning: nil) }
    }

    /// No more elements will come: current and future waiters get `finalValue` once the items run out.
    func close(finalValue: Element? = nil) {
        let waiters: [Waiter] = state.withLock { state in
            state.closed = true
            state.finalValue = finalValue
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.continuation.resume(returning: finalValue) }
    }
}

extension Deadline {
    /// The tighter of two optional deadlines' poll timeouts, in milliseconds (-1 = none).
    static func pollTimeout(_ deadlines: Deadline?...) -> Int32 {
        let times = deadlines.compactMap { $0?.remainingMilliseconds }
        return times.min() ?? -1
    }
}
