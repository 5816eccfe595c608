import Foundation

/// A manual `Clock<Duration>` for tests: time stands still until `advance(by:)`, which wakes every
/// sleeper whose deadline has been reached, in deadline order.
///
/// Tests must not advance before the code under test has started sleeping, or the sleep would
/// begin after the jump and wait for the next one. `waitForSleepers(count:)` closes that race: it
/// returns once that many sleepers are registered.
public final class TestClock: Clock, @unchecked Sendable {
    // @unchecked Sendable: all mutable state lives in `state` and is only touched under `lock`;
    // continuations are resumed after the lock is released.

    /// A point on the test clock: the time since the clock was created.
    public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
        /// Time since the clock's zero.
        public var offset: Duration

        /// An instant `offset` after the clock's zero.
        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        public var description: String {
            "t+\(offset)"
        }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps cancelled before they registered; they must not register afterwards.
        var cancelledEarly: Set<Int> = []
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let lock = NSLock()
    private var state = State()

    /// A clock at time zero.
    public init() {}

    public var now: Instant {
        locked { state.now }
    }

    public var minimumResolution: Duration { .zero }

    /// Suspends until the clock is advanced to `deadline`; returns at once if it already passed.
    /// Throws `CancellationError` when the task is cancelled, and unregisters itself then.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id: Int = locked {
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: (resume: Result<Void, any Error>?, waiters: [CheckedContinuation<Void, Never>]) = locked {
                    if state.cancelledEarly.remove(id) != nil || Task.isCancelled {
                        return (.failure(CancellationError()), [])
                    }
                    if deadline <= state.now {
                        return (.success(()), [])
                    }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (nil, takeSatisfiedWaiters())
                }
                for waiter in outcome.waiters { waiter.resume() }
                if let resume = outcome.resume { continuation.resume(with: resume) }
            }
        } onCancel: {
            let sleeper: Sleeper? = locked {
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                // Not registered yet (or already woken, in which case the entry is never read).
                state.cancelledEarly.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline is reached.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = locked {
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let ids = state.sleepers.filter { $0.value.deadline <= now }.keys
            return ids.compactMap { state.sleepers.removeValue(forKey: $0) }.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int {
        locked { state.sleepers.count }
    }

    /// The deadlines of the current sleepers, as offsets from zero, earliest first.
    public var sleeperDeadlines: [Duration] {
        locked { state.sleepers.values.map(\.deadline.offset).sorted() }
    }

    /// Returns once at least `count` tasks are sleeping on this clock.
    public func waitForSleepers(count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = locked {
                if state.sleepers.count >= count { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Waits for `count` sleepers, then advances by `duration`: the race-free way to let a
    /// sleeping task move on.
    public func advance(by duration: Duration, afterSleepers count: Int) async {
        await waitForSleepers(count: count)
        advance(by: duration)
    }

    /// Runs `body` under the lock. (`NSLocking.withLock` needs macOS 14; the package supports 13.)
    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Removes and returns the waiters that the current sleeper count satisfies. Call under `lock`.
    private func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
        let count = state.sleepers.count
        let ready = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
        state.sleeperWaiters.removeAll { $0.count <= count }
        return ready
    }
}
