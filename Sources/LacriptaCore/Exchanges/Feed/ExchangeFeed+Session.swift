import LacriptaNet
import LacriptaWebSocket

/// How one exchange connection ended.
enum ExchangeSessionEnd: Sendable, Equatable {
    /// The feed is stopping.
    case cancelled
    /// The exchange refused every pair: nothing is left to subscribe.
    case everythingRefused
    /// Anything else: reconnect with backoff.
    case ended(DisconnectReason)
}

/// An exchange as a `ReconnectingStream`: the driver connects and reconnects; this subscribes with
/// a fresh adapter, lets the connection's thread read, and tells the consumer each step.
extension ExchangeFeed: ReconnectingStream {
    var upgradeHeaders: [(name: String, value: String)] { [] }

    func willConnect() {}

    func didConnect() {
        shared.withLock { $0.statistics.connections += 1 }
    }

    func connectFailed(_ error: any Error) {}

    func willReconnect(attempt: Int, after delay: Duration, reason: DisconnectReason) {
        shared.withLock { $0.statistics.reconnects += 1 }
        deliver([.reconnecting(attempt: attempt, nextIn: delay, reason: reason)])
    }

    /// Says why the feed gave up, if it did, and ends the hand-over.
    func sessionsEnded(_ failure: SessionPolicy.Failure?) {
        if let failure { deliver([.connection(.failed(reason: Self.reason(failure, exchange: exchange)))]) }
        finish()
    }

    /// One connection, as the policy counts its end; a connection lost is said at once.
    func session(on connection: any WebSocketConnection) async -> SessionOutcome {
        switch await readSession(on: connection) {
        case .cancelled:
            return .stopping
        case .everythingRefused:
            return .ended(.everythingRefused)
        case .ended(let reason):
            deliver([.connection(.lost)])
            return .ended(Self.sessionEnd(reason))
        }
    }

    /// How a session that ended for `reason` counts for the policy.
    static func sessionEnd(_ reason: DisconnectReason) -> SessionPolicy.SessionEnd {
        switch reason {
        case .silence: .silence
        case .forceDisconnect: .reconnectRequested
        default: .dropped(reason)
        }
    }

    /// Why the feed gave up, in our words (no wire text); a market refusing the region names the
    /// one to try instead (Binance: Binance.US).
    static func reason(_ failure: SessionPolicy.Failure, exchange: Exchange) -> String {
        switch failure {
        case .unreachable(let attempts, let reason):
            return "gave up after \(attempts) attempts: \(reason)"
        case .refused(let refusal):
            switch refusal.kind {
            case .unauthorized: return "the exchange refused the connection (HTTP 401/403)"
            case .tooManySockets, .rateLimited: return "the exchange refused new connections (too many)"
            case .refused(let reason, let attempts): return "\(reason) (\(attempts) times in a row)"
            case .misconfigured(let reason): return reason
            case .unavailableInRegion:
                let hint = exchange.regionalAlternative.map { "; try \($0.rawValue) (\($0.name)) instead" } ?? ""
                return "not available from your region (HTTP 451)\(hint)"
            }
        }
    }

    /// Subscribes on a fresh connection with a fresh adapter, then lets the connection's thread
    /// read (`ExchangeSessionReader`) until the connection ends, the exchange asks for a new one,
    /// or the watchdog gives up on it.
    private func readSession(on connection: any WebSocketConnection) async -> ExchangeSessionEnd {
        let pairs = followed
        guard !pairs.isEmpty else { return .everythingRefused }
        let adapter = exchange.adapter(for: pairs)
        self.connection = connection
        defer { self.connection = nil }
        schedule = SessionWatch(rules: configuration.watchRules(keepalive: exchange.adapterType.keepaliveMessage != nil), openedAt: clock.now())
        for message in adapter.subscribeMessages {
            do {
                try await connection.send(.text(message))
            } catch {
                // The connection is going down; reading on reports how it ended.
                if Task.isCancelled { return .cancelled }
                break
            }
        }
        policy.becameLive(at: clock.now())
        deliver([.connection(.connected)])
        let reader = ExchangeSessionReader(
            adapter: adapter, pairs: self.pairs, handover: handover, shared: shared, connection: connection, clock: clock)
        connection.deliver(to: reader)
        return await withTaskGroup(of: ExchangeSessionEnd.self) { group in
            group.addTask {
                for await end in reader.ends { return end }
                return .cancelled
            }
            group.addTask { await self.watch(connection, reader: reader) }
            if exchange.adapterType.timerPeriod != nil || exchange.adapterType.sessionLifetime != nil {
                group.addTask { await self.timed(connection) }
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
    }

    /// Performs the connection's schedule (`SessionWatch`): says once when nothing at all arrived
    /// within `firstDataPatience` of connecting, sends the keepalive after `keepaliveAfter` of
    /// silence, and ends the session after `watchdogTimeout`.
    private func watch(_ connection: any WebSocketConnection, reader: ExchangeSessionReader) async -> ExchangeSessionEnd {
        var seen = 0
        while true {
            // The reader notes arrivals on the connection's thread; the schedule learns of them here.
            let heard = reader.lastHeard
            if heard.count != seen {
                seen = heard.count
                schedule.heard(at: heard.at)
            }
            switch schedule.next(at: clock.now()) {
            case .giveUp:
                return .ended(.silence)
            case .reportNoData(let after):
                deliver([.connection(.quiet(after: after))])
            case .sendKeepalive:
                guard let keepalive = exchange.adapterType.keepaliveMessage else { continue }
                shared.withLock { $0.statistics.keepalives += 1 }
                try? await connection.send(.text(keepalive))
            case .reportStale:
                continue
            case .sleep(let deadline):
                do {
                    try await clock.sleepUntil(deadline)
                } catch {
                    return .cancelled
                }
            }
        }
    }

    /// The exchange's clock on one connection (`ExchangeAdapter.timerPeriod`,
    /// `sessionLifetime`): sends its timed messages every period whatever arrives, and ends the
    /// session when its lifetime is up, so a new connection replaces it before the exchange cuts
    /// it. Runs beside the watch and returns only for the lifetime or a cancellation.
    private func timed(_ connection: any WebSocketConnection) async -> ExchangeSessionEnd {
        let adapter = exchange.adapterType
        let start = clock.now()
        let pairs = followed
        var tick = 0
        while true {
            var next = adapter.timerPeriod.map { start + $0 * (tick + 1) }
            if let lifetime = adapter.sessionLifetime {
                let end = start + lifetime
                if clock.now() >= end { return .ended(.forceDisconnect) }
                next = next.map { min($0, end) } ?? end
            }
            guard let next else { return .cancelled }
            do {
                try await clock.sleepUntil(next)
            } catch {
                return .cancelled
            }
            guard let period = adapter.timerPeriod, clock.now() >= start + period * (tick + 1) else { continue }
            tick += 1
            for text in adapter.timedMessages(tick: tick, pairs: pairs) { try? await connection.send(.text(text)) }
        }
    }
}
