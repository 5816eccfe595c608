import Foundation
import LacriptaNet
import LacriptaWebSocket

/// The streamer's engine: admits sockets, answers their messages and runs the timer thread.
///
/// Threads: each socket's I/O thread calls `admit` and the message handler; one timer thread
/// sends updates, heartbeats and pings; flood tasks write batches. They all meet in `state`,
/// one lock, under which messages are queued on the connections (queuing only copies bytes and
/// wakes the I/O thread), so each socket's messages stay in a consistent order.
final class StreamerCore: Sendable {
    let environment: StreamEnvironment
    let state: Locked<StreamerState>
    private let wakeup = StreamWakeup()
    /// The required key from `--require-key`, if any.
    private let requiredKey: RequiredAPIKey?

    /// Creates the engine; `startTimer` begins the updates.
    init(environment: StreamEnvironment, requiredKey: RequiredAPIKey?) {
        self.environment = environment
        self.requiredKey = requiredKey
        state = Locked(StreamerState(environment: environment))
    }

    /// Starts the timer thread (until `stop`).
    func startTimer() {
        let thread = Thread { [self] in
            while true {
                let next: ContinuousClock.Instant?? = state.withLock { state in
                    state.stopped ? .none : .some(state.performDueWork(at: .now, environment: environment))
                }
                guard let next else { return }
                wakeup.wait(until: next)
            }
        }
        thread.name = "lacripta-sim stream timer"
        thread.start()
    }

    /// Stops the timer; connections are dropped by the server's own stop.
    func stop() {
        state.withLock { $0.stopped = true }
        wakeup.signal()
    }

    /// Re-plans the timer after a change (subscriptions, rate).
    func reschedule() {
        wakeup.signal()
    }

    // MARK: - Sockets

    /// Runs on the socket's I/O thread right after the upgrade: rejects it (wrong path, 401,
    /// 429) or registers it, sends the welcome and starts listening.
    func admit(_ connection: WebSocketServerConnection) {
        let options = environment.options
        guard StreamAuthorization.path(of: connection.requestTarget) == CryptoCompareStreamer.path else {
            connection.sendClose(code: .policyViolation, reason: "unknown path; the streamer is at \(CryptoCompareStreamer.path)")
            return
        }
        let authorized =
            requiredKey.map {
                StreamAuthorization.isAuthorized(headers: connection.requestHeaders, target: connection.requestTarget, required: $0)
            } ?? true
        if options.faults.unauthorized || !authorized {
            reject(connection, with: environment.recordings.unauthorized)
            return
        }
        let admitted: Int? = state.withLock { state in
            let active = state.activeSocketCount
            if options.faults.tooManySockets || options.maxSockets.map({ active >= $0 }) == true { return nil }
            if state.refuseNext > 0 {
                state.refuseNext -= 1
                return nil
            }
            let id = state.nextSessionID
            state.nextSessionID += 1
            state.socketsOpened += 1
            state.sessions[id] = StreamSession(id: id, connection: connection)
            let limit = options.maxSockets ?? CryptoCompareStreamer.Options.nominalSocketLimit
            let facts = StreamRecordings.WelcomeFacts(
                serverTimeMilliseconds: environment.nowMilliseconds,
                uptimeSeconds: Int(environment.startedAt.duration(to: .now).components.seconds),
                socketID: StreamRecordings.socketID(using: &state.socketIDs),
                socketsActive: active + 1, socketsRemaining: max(0, limit - active - 1), socketsOpened: state.socketsOpened)
            state.send(environment.recordings.welcome(facts), to: id, environment: environment)
            state.startTimers(session: id, at: .now, environment: environment)
            return id
        }
        guard let id = admitted else {
            reject(connection, with: environment.recordings.tooManySockets)
            return
        }
        connection.onMessage { [self] _, message in
            receive(message, from: id)
        }
        reschedule()
        Task { [self] in
            while await !connection.waitForDisconnect(timeout: .seconds(3600)) {}
            state.withLock { $0.remove(id) }
            reschedule()
        }
    }

    /// Sends a recorded refusal and closes (1008).
    private func reject(_ connection: WebSocketServerConnection, with text: String) {
        connection.send(text: text)
        connection.sendClose(code: .policyViolation)
    }

    /// Handles one client message (on the socket's I/O thread).
    private func receive(_ message: WebSocketMessage, from id: Int) {
        let request = message.kind == .text ? StreamClientRequest.parse(message.payload) : .invalidJSON
        let plan = state.withLock { $0.handle(request, from: id, environment: environment) }
        reschedule()
        if let plan { startFlood(plan) }
    }

    // MARK: - Flood

    /// Writes a flood on its own task, then closes the socket with 1000.
    private func startFlood(_ plan: StreamFlood.Plan) {
        Task.detached { [self] in
            let id = plan.sessionID
            let finished = await StreamFlood.run(
                plan,
                shouldContinue: { [self] in state.withLock { $0.sessions[id]?.phase == .flooding } },
                sent: { [self] count in state.withLock { $0.sessions[id]?.messagesSent += count } })
            guard finished else { return }
            state.withLock { state in
                guard state.sessions[id]?.phase == .flooding else { return }
                state.sessions[id]?.phase = .ended
                plan.connection.sendClose(code: .normalClosure)
            }
        }
    }
}
