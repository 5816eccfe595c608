import Foundation
import LacriptaNet

/// Run-time controls and the log, for tests. Every method is thread-safe; those taking an
/// optional exchange act on all four when it is nil.
extension ExchangeFeeds {
    // MARK: - Faults and pace

    /// Replaces the faults of `exchange`; counted faults count from now on its open sockets, and
    /// those with a count of 0 fire at once.
    public func setFaults(_ faults: [ExchangeFault], for exchange: SimulatedExchange? = nil) {
        core.state.withLock { state in
            let instant = ContinuousClock.now
            for target in exchange.map({ [$0] }) ?? SimulatedExchange.allCases { state.setFaults(faults, for: target, at: instant) }
        }
        core.reschedule()
    }

    /// The faults active on `exchange`.
    public func faults(for exchange: SimulatedExchange) -> [ExchangeFault] {
        core.state.withLock { $0.faults[exchange] ?? [] }
    }

    /// Changes the updates per second of each followed pair; 0 pauses.
    public func setUpdatesPerSecond(_ rate: Double, for exchange: SimulatedExchange? = nil) {
        core.state.withLock { state in
            for target in exchange.map({ [$0] }) ?? SimulatedExchange.allCases {
                state.rates[target] = max(0, rate)
                state.nextTick[target] = nil
            }
        }
        core.reschedule()
    }

    /// Sends `count` updates now on `exchange`, over the pairs its sockets follow in turn.
    public func publishUpdates(_ count: Int = 1, on exchange: SimulatedExchange? = nil) {
        core.state.withLock { state in
            let instant = ContinuousClock.now
            for _ in 0..<max(0, count) {
                for target in exchange.map({ [$0] }) ?? SimulatedExchange.allCases { state.publishUpdate(on: target, at: instant) }
            }
        }
        core.reschedule()
    }

    // MARK: - Faults on demand

    /// Closes TCP now without a WebSocket Close.
    public func dropConnections(_ exchange: SimulatedExchange? = nil) {
        core.perform(on: exchange) { state, id, _ in state.drop(id) }
    }

    /// Silences the open sockets now: nothing sent, no ping or Close answered, TCP open.
    public func goSilent(_ exchange: SimulatedExchange? = nil) {
        core.perform(on: exchange) { state, id, _ in state.silence(id) }
    }

    /// Sends the maintenance / "please reconnect" notice now (Coinbase: Close 1001).
    public func sendMaintenanceNotice(_ exchange: SimulatedExchange? = nil) {
        core.perform(on: exchange) { state, id, instant in state.maintenance(id, at: instant) }
    }

    /// Sends one malformed message now: the first half of an update frame.
    public func sendMalformed(_ exchange: SimulatedExchange? = nil) {
        core.perform(on: exchange) { state, id, instant in
            guard var session = state.sessions[id], let pair = session.pairs.first, let book = state.book(pair, on: session.exchange) else {
                return state.send(["{\"event\":"], to: id, at: instant)
            }
            let text = session.exchange.wire.update(book, session: &session, now: state.now).first ?? "{\"event\":"
            state.send([ExchangeFeedState.cut(text)], to: id, at: instant)
        }
    }

    /// Sends every open socket's heartbeat now (Bitstamp: a WebSocket ping).
    public func sendHeartbeats(_ exchange: SimulatedExchange? = nil) {
        core.perform(on: exchange) { state, id, instant in _ = state.heartbeat(id, at: instant, force: true) }
    }

    // MARK: - Inspection

    /// Sockets opened on the four exchanges since start: each reconnect of a client adds one.
    public var socketsOpened: Int {
        core.state.withLock { $0.nextSessionID - 1 }
    }

    /// The open sockets of `exchange`, in connect order.
    public func connections(_ exchange: SimulatedExchange? = nil) -> [ExchangeConnectionInfo] {
        core.state.withLock { state in state.sessionIDs(on: exchange).compactMap { state.sessions[$0]?.info } }
    }

    /// Waits (bounded) until `condition` holds for the socket list of `exchange`.
    public func waitForConnections(
        _ exchange: SimulatedExchange? = nil, timeout: Duration = .seconds(60), _ condition: @Sendable ([ExchangeConnectionInfo]) -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(connections(exchange)) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(connections(exchange))
    }

    /// The text messages clients sent to `exchange`, in order (at least the latest 10,000).
    public func clientMessages(_ exchange: SimulatedExchange) -> [ExchangeClientMessage] {
        core.state.withLock { $0.log.clientMessages[exchange] ?? [] }
    }

    /// The latest quote `exchange` sent for `pair`, its figures as the exact text on the wire.
    public func lastQuote(_ exchange: SimulatedExchange, _ pair: ExchangePair) -> ExchangeSentQuote? {
        core.state.withLock { $0.log.lastQuote(exchange, pair) }
    }

    /// Every quote `exchange` sent for `pair`, oldest first (at least the latest 10,000): an end-to-end test
    /// finds each line a client printed among them.
    public func sentQuotes(_ exchange: SimulatedExchange, _ pair: ExchangePair) -> [ExchangeSentQuote] {
        core.state.withLock { $0.log.quotes[exchange]?[pair] ?? [] }
    }
}
