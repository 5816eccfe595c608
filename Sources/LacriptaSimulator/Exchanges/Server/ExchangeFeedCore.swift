import Foundation
import LacriptaNet
import LacriptaWebSocket

/// The engine of the simulated exchanges: admits sockets, answers their messages and runs the
/// timer thread. Socket I/O threads, the timer thread and test controls all meet in `state`,
/// one lock, under which messages are only queued on connections (a copy and a wake-up).
final class ExchangeFeedCore: Sendable {
    let state: Locked<ExchangeFeedState>
    private let wakeup = StreamWakeup()

    init(state: ExchangeFeedState) {
        self.state = Locked(state)
    }

    /// Starts the timer thread (until `stop`).
    func startTimer() {
        let thread = Thread { [self] in
            while true {
                let next: ContinuousClock.Instant?? = state.withLock { state in
                    state.stopped ? .none : .some(state.performDueWork(at: .now))
                }
                guard let next else { return }
                wakeup.wait(until: next)
            }
        }
        thread.name = "lacripta-sim exchange timer"
        thread.start()
    }

    func stop() {
        state.withLock { $0.stopped = true }
        wakeup.signal()
    }

    /// Re-plans the timer after a change (subscriptions, rates, faults).
    func reschedule() {
        wakeup.signal()
    }

    /// Runs on the socket's I/O thread right after the upgrade: checks the path, registers the
    /// socket, greets it and starts listening.
    func admit(_ connection: WebSocketServerConnection, on exchange: SimulatedExchange) {
        let path = String(connection.requestTarget.prefix { $0 != "?" })
        guard path == exchange.path else {
            connection.sendClose(code: .policyViolation, reason: "unknown path; \(exchange.name) is at \(exchange.path)")
            return
        }
        let id = state.withLock { $0.admit(exchange, connection: connection, at: .now) }
        connection.onMessage { [self] _, message in
            guard message.kind == .text, let text = message.text else { return }
            state.withLock { $0.receive(text, from: id, at: .now) }
            reschedule()
        }
        reschedule()
        Task { [self] in
            while await !connection.waitForDisconnect(timeout: .seconds(3600)) {}
            state.withLock { $0.remove(id) }
            reschedule()
        }
    }

    /// Runs `body` under the lock for each socket of `exchange` (every exchange when nil).
    func perform(on exchange: SimulatedExchange?, _ body: (inout ExchangeFeedState, Int, ContinuousClock.Instant) -> Void) {
        state.withLock { state in
            let instant = ContinuousClock.now
            for id in state.sessionIDs(on: exchange) { body(&state, id, instant) }
        }
        reschedule()
    }
}
