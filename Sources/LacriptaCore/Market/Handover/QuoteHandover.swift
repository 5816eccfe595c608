import Dispatch
import LacriptaNet

/// Where a market's session leaves what it read, for a consumer to take in one piece at most once
/// a frame: the seam between the connection's thread, which parses every message as it arrives,
/// and a screen that needs the state of the market twenty times a second, not every message.
///
/// The session `put`s each event where the bytes arrived, under a lock and without waking
/// anybody but once per take: the first event after a take signals the consumer, the rest wait
/// with it. Events that carry a key (a quote: its market and pair) replace one with the same key
/// still waiting, in `.latest` keeping, so a consumer that takes once a second finds the newest
/// quote of every pair, never a backlog; `.everything` keeps every event in order, for lines
/// written off a terminal (`compare --json`), which must lose no update. Events without a key
/// (connection changes, refusals) are always kept, in order.
///
/// With `.everything`, a consumer more than `limit` events behind makes `put` wait (on the
/// connection's thread, which then reads nothing: TCP slows the market down) until it takes; so
/// memory stays bounded and nothing is dropped. `finish` and the consumer going away end the wait.
///
/// ```swift
/// for try await events in handover.takes(every: .milliseconds(50), clock: clock) { apply(events) }
/// ```
public final class QuoteHandover<Key: Hashable & Sendable, Event: Sendable>: Sendable {
    /// What the hand-over keeps of keyed events.
    public enum Keeping: Sendable {
        /// The newest event per key (a screen).
        case latest
        /// Every event, in order (lines).
        case everything
    }

    private struct State {
        /// Waiting events in order; nil where a newer one of the same key replaced it.
        var waiting: [Event?] = []
        /// Where the waiting event of each key is.
        var positions: [Key: Int] = [:]
        /// Whether the consumer was signalled since its last take.
        var signalled = false
        /// The end, once it came: nil inside for a normal end.
        var end: Result<Void, any Error>?
        /// Whether a producer waits for room (`.everything` only).
        var producerWaits = false
        /// Whether the consumer of `takes` went away: nothing is kept any more.
        var consumerGone = false
    }

    /// What this hand-over keeps of keyed events.
    public let keeping: Keeping
    /// How many events may wait, with `.everything`, before `put` waits for the consumer.
    public let limit: Int
    private let state = Locked(State())
    /// Signalled when a waiting producer may go on.
    private let room = DispatchSemaphore(value: 0)
    /// Rung when the consumer has something to take: this hand-over's own, or one shared by
    /// several that one consumer takes together (`takes(from:every:clock:)`).
    public let doorbell: HandoverDoorbell

    /// An empty hand-over; `doorbell` when one consumer takes several hand-overs together.
    public init(keeping: Keeping, limit: Int = 4_096, doorbell: HandoverDoorbell = HandoverDoorbell()) {
        self.keeping = keeping
        self.limit = max(1, limit)
        self.doorbell = doorbell
    }

    /// Leaves `event` for the consumer; `key` (a quote's market and pair) lets a newer event
    /// replace it while it waits, in `.latest` keeping.
    public func put(_ event: Event, key: Key? = nil) {
        put(CollectionOfOne(event)) { _ in key }
    }

    /// Leaves several events in one go (one lock, at most one wake).
    public func put<S: Sequence>(_ events: S, key: (Event) -> Key?) where S.Element == Event {
        let (wake, wait) = state.withLock { state -> (Bool, Bool) in
            guard state.end == nil, !state.consumerGone else { return (false, false) }
            let before = state.waiting.count
            for event in events {
                if keeping == .latest, let key = key(event) {
                    if let old = state.positions[key] { state.waiting[old] = nil }
                    state.positions[key] = state.waiting.count
                }
                state.waiting.append(event)
            }
            guard state.waiting.count > before else { return (false, false) }
            let wait = keeping == .everything && state.waiting.count >= limit
            if wait { state.producerWaits = true }
            defer { state.signalled = true }
            return (!state.signalled, wait)
        }
        if wake { doorbell.ring() }
        if wait { room.wait() }
    }

    /// Lets a waiting producer go on (under the lock); true when one waited and must be signalled.
    private static func releaseProducer(_ state: inout State) -> Bool {
        guard state.producerWaits else { return false }
        state.producerWaits = false
        return true
    }

    /// Ends the hand-over after what waits: normally, or with `error`. Later events are dropped.
    public func finish(throwing error: (any Error)? = nil) {
        let release = state.withLock { state in
            if state.end == nil { state.end = error.map { .failure($0) } ?? .success(()) }
            return Self.releaseProducer(&state)
        }
        if release { room.signal() }
        doorbell.ring()
    }

    /// Everything waiting, in order, and whether (and how) the hand-over has ended.
    public func take() -> (events: [Event], end: Result<Void, any Error>?) {
        let (events, end, release) = state.withLock { state in
            let events = state.waiting.compactMap { $0 }
            state.waiting.removeAll(keepingCapacity: true)
            state.positions.removeAll(keepingCapacity: true)
            state.signalled = false
            return (events, state.end, Self.releaseProducer(&state))
        }
        if release { room.signal() }
        return (events, end)
    }

    /// What waits, taken at most once per `interval` on `clock`: each element is one take
    /// (never empty), and the stream ends, or throws, once the hand-over has ended and everything
    /// before the end was taken. One consumer per hand-over.
    public func takes(every interval: Duration, clock: any Clock<Duration> = ContinuousClock()) -> AsyncThrowingStream<[Event], any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Event].self, throwing: (any Error).self)
        let handovers = [(tag: 0, handover: self)]
        let task = Task {
            let failure = await Self.takeEachFrame(from: handovers, every: interval, clock: clock) { takes in
                if !takes[0].events.isEmpty { continuation.yield(takes[0].events) }
            }
            continuation.finish(throwing: failure)
        }
        continuation.onTermination = { _ in Self.consumerWentAway(from: handovers, reading: task) }
        return stream
    }

    /// What waits in several hand-overs that share one doorbell, taken together at most once per
    /// `interval`: one consumer wakes once a frame for all of them (four exchanges, one `compare`),
    /// not once a frame for each. Each element is one take: by tag, the events of every hand-over
    /// that had some, and which hand-overs ended with it. The stream ends once every hand-over has
    /// ended and was taken dry; it throws the first end that was a failure.
    public static func takes<Tag: Sendable>(
        from handovers: [(tag: Tag, handover: QuoteHandover)], every interval: Duration, clock: any Clock<Duration> = ContinuousClock()
    ) -> AsyncThrowingStream<[HandoverTake<Tag, Event>], any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [HandoverTake<Tag, Event>].self, throwing: (any Error).self)
        let task = Task {
            let failure = await takeEachFrame(from: handovers, every: interval, clock: clock) { continuation.yield($0) }
            continuation.finish(throwing: failure)
        }
        continuation.onTermination = { _ in consumerWentAway(from: handovers, reading: task) }
        return stream
    }

    /// The consumer's loop: waits for the doorbell, takes from every hand-over still open, hands
    /// the take on (never empty: some events or an end), then lets a frame pass. Returns when all have ended (with the
    /// first failure among their ends), or when cancelled.
    private static func takeEachFrame<Tag: Sendable>(
        from handovers: [(tag: Tag, handover: QuoteHandover)], every interval: Duration, clock: any Clock<Duration>,
        _ handOn: ([HandoverTake<Tag, Event>]) -> Void
    ) async -> (any Error)? {
        guard let doorbell = handovers.first?.handover.doorbell else { return nil }
        precondition(handovers.allSatisfy { $0.handover.doorbell === doorbell }, "hand-overs taken together share one doorbell")
        var open = Array(handovers.indices)
        for await _ in doorbell.rings {
            var take: [HandoverTake<Tag, Event>] = []
            var failure: (any Error)?
            open.removeAll { index in
                let (events, end) = handovers[index].handover.take()
                if !events.isEmpty || end != nil { take.append(HandoverTake(tag: handovers[index].tag, events: events, ended: end != nil)) }
                if case .failure(let error)? = end, failure == nil { failure = error }
                return end != nil
            }
            if !take.isEmpty { handOn(take) }
            if failure != nil || open.isEmpty { return failure }
            // The frame: whatever arrives meanwhile waits and is taken in one piece.
            do { try await clock.sleep(for: interval) } catch { return nil }
        }
        return nil
    }

    /// The consumer of `handovers` went away: stops its reading task, and every hand-over drops
    /// what waits and never makes a producer wait again.
    private static func consumerWentAway<Tag>(from handovers: [(tag: Tag, handover: QuoteHandover)], reading task: Task<Void, Never>) {
        task.cancel()
        for (_, handover) in handovers { handover.consumerWentAway() }
    }

    /// Nobody takes any more: drops what waits and never makes a producer wait again.
    private func consumerWentAway() {
        let release = state.withLock { state in
            state.consumerGone = true
            state.waiting = []
            state.positions = [:]
            return Self.releaseProducer(&state)
        }
        if release { room.signal() }
    }
}

/// The wake-up of one consumer of one or several `QuoteHandover`s: rung by a producer's first
/// event after a take, and by an end. Rings while nobody listens collapse into one.
public final class HandoverDoorbell: Sendable {
    fileprivate let rings: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// A doorbell nobody has rung.
    public init() {
        (rings, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    fileprivate func ring() {
        continuation.yield()
    }
}

/// What one hand-over gave in a take of several (`QuoteHandover.takes(from:every:clock:)`).
public struct HandoverTake<Tag: Sendable, Event: Sendable>: Sendable {
    /// Which hand-over.
    public var tag: Tag
    /// What waited in it, in order (empty when it only ended).
    public var events: [Event]
    /// Whether it ended with this take (nothing more will come from it).
    public var ended: Bool
}
