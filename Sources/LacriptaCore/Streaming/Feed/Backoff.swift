/// Reconnect delays: exponential growth with full jitter, a floor and a cap.
///
/// The service asks clients to "always wait at least 5 seconds to reconnect" and refuses accounts
/// that open more than 60 sockets a minute, so the delay never drops below `initialDelay`. Attempt
/// `n` (counting from 0) waits a uniformly random time in
/// `initialDelay ... min(maximumDelay, initialDelay · 2^(n+1))`: 5–10 s, 5–20 s, 5–40 s, then 5–60 s.
/// The jitter spreads out clients that were all dropped at once (weekly restarts, deploys).
/// A connection that stayed up for `stableAfter` resets the count.
///
/// Pure: the randomness comes in through the `using:` generator.
public struct Backoff: Sendable, Equatable {
    /// The floor of every delay, and the scale of the exponential.
    public var initialDelay: Duration
    /// The ceiling of every delay (except an explicit `minimum`).
    public var maximumDelay: Duration
    /// How long a connection must stay up before its drop counts as a fresh start.
    public var stableAfter: Duration
    /// Delays handed out since the last reset.
    public private(set) var attempts = 0

    /// Creates a policy; the defaults follow the service's reconnect guidance.
    public init(initialDelay: Duration = .seconds(5), maximumDelay: Duration = .seconds(60), stableAfter: Duration = .seconds(60)) {
        self.initialDelay = initialDelay
        self.maximumDelay = max(maximumDelay, initialDelay)
        self.stableAfter = stableAfter
    }

    /// The upper bound of the jitter window for the next delay.
    public var nextCeiling: Duration {
        // 2^(n+1) overflows nothing up to n = 30; beyond that the cap has long been reached.
        let factor = Int64(1) << Int64(min(attempts + 1, 30))
        let milliseconds = Self.milliseconds(initialDelay).multipliedReportingOverflow(by: factor)
        let raw = milliseconds.overflow ? Self.milliseconds(maximumDelay) : milliseconds.partialValue
        return .milliseconds(min(raw, Self.milliseconds(maximumDelay)))
    }

    /// The delay before the next attempt, counting the attempt.
    ///
    /// - Parameter minimum: a lower bound that overrides the cap, e.g. 60 s after a 429.
    public mutating func nextDelay(minimum: Duration = .zero, using generator: inout some RandomNumberGenerator) -> Duration {
        let low = Self.milliseconds(initialDelay)
        let high = max(low, Self.milliseconds(nextCeiling))
        let jittered = Duration.milliseconds(Int64.random(in: low...high, using: &generator))
        attempts += 1
        return max(jittered, minimum)
    }

    /// Records how long the connection that just ended had been live; a stable one resets the count.
    public mutating func connectionEnded(afterLiveFor duration: Duration) {
        if duration >= stableAfter { attempts = 0 }
    }

    /// Starts counting from zero again.
    public mutating func reset() {
        attempts = 0
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
