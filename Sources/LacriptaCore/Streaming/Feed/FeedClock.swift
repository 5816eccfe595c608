/// An injected `Clock<Duration>` seen as "time since the feed started".
///
/// Opening the existential once here means the hot path reads the clock through a closure that
/// returns a plain `Duration`, instead of boxing an `any InstantProtocol` per message.
struct FeedClock: Sendable {
    /// Time elapsed since this value was created.
    let now: @Sendable () -> Duration
    /// Sleeps until `now()` reaches the given elapsed time; throws when the task is cancelled.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Wraps `clock`, taking its current instant as time zero.
    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        now = { start.duration(to: clock.now) }
        sleepUntil = { deadline in
            try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil)
        }
    }

    /// Sleeps for `duration` from now.
    func sleep(for duration: Duration) async throws {
        try await sleepUntil(now() + duration)
    }
}
