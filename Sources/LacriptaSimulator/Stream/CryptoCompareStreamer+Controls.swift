import LacriptaNet
import LacriptaWebSocket

/// Run-time controls for tests: inspect sockets and make a fault happen at a chosen moment.
/// Every method is thread-safe; those taking `connection: nil` act on every open socket.
extension CryptoCompareStreamer {
    /// The live sockets in connect order (rejected 401/429 sockets are never listed).
    public var connections: [StreamerConnectionInfo] {
        core.state.withLock { $0.sessions.values.map(\.info) }.sorted { $0.id < $1.id }
    }

    /// The active subscriptions of socket `id` (empty when unknown).
    public func subscriptions(of id: Int) -> [String] {
        core.state.withLock { $0.sessions[id]?.info.subscriptions ?? [] }
    }

    /// Text messages sent on every socket since start, the gone ones included.
    public var messagesSent: Int {
        core.state.withLock(\.totalMessagesSent)
    }

    /// Sockets opened since start (refused ones not counted): each reconnect of a client adds one.
    public var socketsOpened: Int {
        core.state.withLock(\.socketsOpened)
    }

    /// Answers the next `count` sockets with the recorded 429 TOO_MANY_SOCKETS and a close, as the
    /// real streamer does when a key's sockets are used up: a client reconnecting meets it.
    public func refuseNextSockets(_ count: Int) {
        core.state.withLock { $0.refuseNext = max(0, count) }
    }

    /// Sends `text` as one text message, exactly as given (it may be any JSON, or none), counting
    /// it like every other message (so counted faults may fire).
    public func push(_ text: String, to connection: Int? = nil) {
        perform(on: connection) { state, id, environment in state.send(text: text, to: id, environment: environment) }
    }

    /// Resets TCP without a Close; with `midFrame`, inside a partly sent frame.
    public func dropConnections(_ connection: Int? = nil, midFrame: Bool = false) {
        perform(on: connection) { state, id, _ in state.sessions[id]?.drop(midFrame: midFrame) }
    }

    /// Stops sending and answering (pings, Close) while keeping TCP open: a hung server.
    public func goSilent(_ connection: Int? = nil) {
        perform(on: connection) { state, id, _ in state.sessions[id]?.goSilent() }
    }

    /// Sends the recorded 500 FORCE_DISCONNECT, then Close 1008.
    public func forceDisconnect(_ connection: Int? = nil) {
        perform(on: connection) { state, id, environment in
            state.sessions[id]?.forceDisconnect(text: environment.recordings.forceDisconnect)
        }
    }

    /// Sends a TYPE 999 heartbeat now.
    public func sendHeartbeat(to connection: Int? = nil) {
        perform(on: connection) { state, id, environment in
            state.send(StreamMessages.heartbeat(timeMilliseconds: environment.nowMilliseconds), to: id, environment: environment)
        }
    }

    /// Sends a WebSocket ping now.
    public func sendPing(to connection: Int? = nil) {
        perform(on: connection) { state, id, _ in state.sessions[id]?.connection.sendPing(Array("lacripta-sim".utf8)) }
    }

    /// Sends `count` random-walk updates now, over the pairs someone receives (none if nobody
    /// is subscribed). With `ticksPerSecond` 0 this is the only source of updates: fully steered tests.
    public func publishUpdates(_ count: Int = 1) {
        core.state.withLock { state in
            let pairs = state.activePairs
            for _ in 0..<max(0, count) { state.publishUpdate(among: pairs, environment: core.environment) }
        }
    }

    /// Changes the update rate (per subscribed pair); 0 pauses the walk.
    public func setTicksPerSecond(_ rate: Double) {
        core.state.withLock { state in
            state.ticksPerSecond = max(0, rate)
            state.nextTick = nil
        }
        core.reschedule()
    }

    /// Waits (bounded) until `condition` holds for the socket list; returns whether it did.
    /// For tests: the streamer forgets a socket only once its TCP connection has ended.
    public func waitForConnections(
        timeout: Duration = .seconds(60), _ condition: @Sendable ([StreamerConnectionInfo]) -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(connections) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(connections)
    }

    /// Runs `body` under the lock for socket `id`, or for every open socket when nil.
    private func perform(
        on connection: Int?, _ body: (inout StreamerState, Int, StreamEnvironment) -> Void
    ) {
        core.state.withLock { state in
            let ids = connection.map { [$0] } ?? state.sessions.keys.sorted()
            for id in ids where state.sessions[id] != nil { body(&state, id, core.environment) }
        }
        core.reschedule()
    }
}
