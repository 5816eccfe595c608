/// A point in time by which a blocking step must finish: every wait in the transport polls with
/// what is left of one, so a silent peer cannot stall a caller past it.
public struct Deadline: Sendable {
    /// When the time is up.
    public let instant: ContinuousClock.Instant

    /// `duration` from now.
    public init(after duration: Duration) {
        instant = ContinuousClock.now.advanced(by: duration)
    }

    /// True once the deadline has passed.
    public var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Milliseconds left, rounded up and clamped for `poll(2)`; 0 once passed.
    public var remainingMilliseconds: Int32 {
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let millis = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: millis)
    }
}
