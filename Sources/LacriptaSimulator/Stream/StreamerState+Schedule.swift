/// The timed work: random-walk updates, heartbeats and server pings.
extension StreamerState {
    /// Most overdue updates sent in one go; after a stall the rest are skipped, not bunched.
    private static let catchUpLimit = 64

    /// Pairs that some socket still receiving updates is subscribed to, in a fixed order.
    var activePairs: [StreamPair] {
        Set(sessions.values.filter(\.receivesUpdates).flatMap(\.subscriptions)).sorted()
    }

    /// Does everything due at `instant` and returns when to come back (nil: only when woken).
    mutating func performDueWork(at instant: ContinuousClock.Instant, environment: StreamEnvironment) -> ContinuousClock.Instant? {
        var next: ContinuousClock.Instant?
        func consider(_ candidate: ContinuousClock.Instant?) {
            guard let candidate else { return }
            next = next.map { min($0, candidate) } ?? candidate
        }
        for id in sessions.keys.sorted() {
            sendHeartbeatAndPing(session: id, at: instant, environment: environment)
            consider(sessions[id]?.nextHeartbeat)
            consider(sessions[id]?.nextPing)
        }
        consider(tickIfDue(at: instant, environment: environment))
        return next
    }

    /// Schedules the timers of a newly welcomed socket.
    mutating func startTimers(session id: Int, at instant: ContinuousClock.Instant, environment: StreamEnvironment) {
        sessions[id]?.nextHeartbeat = environment.options.heartbeatInterval.map { instant + $0 }
        sessions[id]?.nextPing = environment.options.pingInterval.map { instant + $0 }
    }

    private mutating func sendHeartbeatAndPing(session id: Int, at instant: ContinuousClock.Instant, environment: StreamEnvironment) {
        guard let session = sessions[id], session.receivesUpdates else { return }
        if let due = session.nextHeartbeat, let interval = environment.options.heartbeatInterval, due <= instant {
            send(StreamMessages.heartbeat(timeMilliseconds: environment.nowMilliseconds), to: id, environment: environment)
            sessions[id]?.nextHeartbeat = Self.following(due, every: interval, after: instant)
        }
        if let due = session.nextPing, let interval = environment.options.pingInterval, due <= instant {
            session.connection.sendPing(Array("lacripta-sim".utf8))
            sessions[id]?.nextPing = Self.following(due, every: interval, after: instant)
        }
    }

    /// The next time after `due` in steps of `interval`, skipping missed ones rather than
    /// sending them in a burst after a stall.
    private static func following(
        _ due: ContinuousClock.Instant, every interval: Duration, after instant: ContinuousClock.Instant
    ) -> ContinuousClock.Instant {
        due + interval > instant ? due + interval : instant + interval
    }

    /// Sends the updates due by `instant`; returns when the next one is due.
    private mutating func tickIfDue(at instant: ContinuousClock.Instant, environment: StreamEnvironment) -> ContinuousClock.Instant? {
        let pairs = activePairs
        guard !pairs.isEmpty, ticksPerSecond > 0, !stopped else {
            nextTick = nil
            return nil
        }
        let interval = Duration.seconds(1 / (ticksPerSecond * Double(pairs.count)))
        var due = nextTick ?? instant + interval
        var sent = 0
        while due <= instant, sent < Self.catchUpLimit {
            publishUpdate(among: pairs, environment: environment)
            due += interval
            sent += 1
        }
        if due <= instant { due = instant + interval }
        nextTick = due
        return due
    }

    /// One random-walk step of a pair chosen from `pairs`, sent to every socket subscribed to it.
    mutating func publishUpdate(among pairs: [StreamPair], environment: StreamEnvironment) {
        guard !pairs.isEmpty else { return }
        let pair = pairs[Int.random(in: 0..<pairs.count, using: &random)]
        guard var quote = quotes[pair] else { return }
        let fields = quote.step(at: environment.nowSeconds, using: &random, walk: environment.walk)
        quotes[pair] = quote
        let asString = random.chance(environment.options.flagsAsStringProbability)
        let text = quote.update(fields: fields, flagsAsString: asString).serializedString()
        for (id, session) in sessions where session.receivesUpdates && session.subscriptions.contains(pair) {
            send(text: text, to: id, environment: environment)
        }
    }
}
