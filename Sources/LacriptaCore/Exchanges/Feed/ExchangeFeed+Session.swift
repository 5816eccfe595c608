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

/// The connection loop: connect, subscribe, receive under a watchdog, back off, repeat. What to do
/// after each connection or failed connect is `SessionPolicy`'s decision; this only performs it.
extension ExchangeFeed {
    /// Runs until stopped, until every pair is refused, or until connecting cannot succeed.
    func run() async {
        while !Task.isCancelled {
            let action: SessionPolicy.Action
            do {
                let connection = try await client.connect(to: url, headers: [])
                policy.connected()
                statistics.connections += 1
                let end = await session(on: connection)
                await connection.close(code: end == .cancelled ? stopCloseCode : .normalClosure)
                switch end {
                case .cancelled:
                    return finish()
                case .everythingRefused:
                    action = policy.sessionEnded(.everythingRefused, at: clock.now(), using: &random)
                case .ended(let reason):
                    deliver([.connection(.lost)])
                    action = policy.sessionEnded(Self.sessionEnd(reason), at: clock.now(), using: &random)
                }
            } catch {
                if Task.isCancelled { return finish() }
                action = policy.connectFailed(error, at: clock.now(), using: &random)
            }
            switch action {
            case .stop(let failure):
                if let failure { deliver([.connection(.failed(reason: Self.reason(failure)))]) }
                return finish()
            case .reconnect(let delay, let attempt, let reason):
                statistics.reconnects += 1
                deliver([.reconnecting(attempt: attempt, nextIn: delay, reason: reason)])
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return finish()
                }
            }
        }
        finish()
    }

    /// How a session that ended for `reason` counts for the policy.
    static func sessionEnd(_ reason: DisconnectReason) -> SessionPolicy.SessionEnd {
        switch reason {
        case .silence: .silence
        case .forceDisconnect: .reconnectRequested
        default: .dropped(reason)
        }
    }

    /// Why the feed gave up, in our words (no wire text).
    static func reason(_ failure: SessionPolicy.Failure) -> String {
        switch failure {
        case .unreachable(let attempts, let reason):
            return "gave up after \(attempts) attempts: \(reason)"
        case .refused(let refusal):
            switch refusal.kind {
            case .unauthorized: return "the exchange refused the connection (HTTP 401/403)"
            case .tooManySockets, .rateLimited: return "the exchange refused new connections (too many)"
            case .refused(let reason, let attempts): return "\(reason) (\(attempts) times in a row)"
            case .misconfigured(let reason): return reason
            }
        }
    }

    /// Subscribes on a fresh connection with a fresh adapter, then receives until the connection
    /// ends, the exchange asks for a new one, or the watchdog gives up on it.
    private func session(on connection: any WebSocketConnection) async -> ExchangeSessionEnd {
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
        return await withTaskGroup(of: ExchangeSessionEnd.self) { group in
            group.addTask { await self.receive(from: connection, adapter: adapter) }
            group.addTask { await self.watch(connection) }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
    }

    /// Reads messages until the connection ends or a message ends the session.
    private func receive(from connection: any WebSocketConnection, adapter: any ExchangeAdapter) async -> ExchangeSessionEnd {
        var adapter = adapter
        do {
            for try await batch in connection.messageBatches {
                let (events, sends, end) = handle(batch, with: &adapter)
                deliver(events)
                for text in sends {
                    // A failed send means the connection is going down; the loop sees it end.
                    try? await connection.send(.text(text))
                }
                if let end { return end }
                if window.isFull { await window.waitForRoom() }
            }
            return Task.isCancelled ? .cancelled : .ended(.closedByServer)
        } catch {
            return Task.isCancelled ? .cancelled : .ended(.connectionLost)
        }
    }

    /// Runs the adapter over one batch: the events to report, the texts to send, and whether the
    /// session must end (the exchange asked for a new connection, or refused every pair).
    private func handle(
        _ batch: WebSocketMessageBatch, with adapter: inout any ExchangeAdapter
    ) -> (events: [ExchangeFeedEvent], sends: [String], end: ExchangeSessionEnd?) {
        schedule.heard(at: clock.now())
        var reported: [ExchangeFeedEvent] = []
        reported.reserveCapacity(batch.count)
        var sends: [String] = []
        var end: ExchangeSessionEnd?
        var events: [ExchangeEvent] = []
        batch.withUnsafePayloads { bytes in
            for index in batch.indices {
                statistics.messages += 1
                events.removeAll(keepingCapacity: true)
                if batch.kind(at: index) == .text {
                    adapter.receive(UnsafeRawBufferPointer(rebasing: bytes[batch.payloadRange(at: index)]), into: &events)
                } else {
                    events.append(.malformed)
                }
                for event in events {
                    switch event {
                    case .send(let text):
                        sends.append(text)
                        continue
                    case .quote:
                        statistics.quotes += 1
                    case .malformed:
                        statistics.malformed += 1
                    case .reconnect:
                        end = end ?? .ended(.forceDisconnect)
                    case .notListed(let pair, _, _):
                        // A refusal that names no pair can only mean this connection's one pair.
                        if let pair = pair ?? (adapter.pairs.count == 1 ? adapter.pairs[0] : nil) { refused.insert(pair) }
                        if followed.isEmpty { end = .everythingRefused }
                    case .subscribed, .heartbeat, .maintenance, .error, .ignored:
                        break
                    }
                    reported.append(.message(event))
                }
            }
        }
        return (reported, sends, end)
    }

    /// Performs the connection's schedule (`SessionWatch`): says once when nothing at all arrived
    /// within `firstDataPatience` of connecting, sends the keepalive after `keepaliveAfter` of
    /// silence, and ends the session after `watchdogTimeout`.
    private func watch(_ connection: any WebSocketConnection) async -> ExchangeSessionEnd {
        while true {
            switch schedule.next(at: clock.now()) {
            case .giveUp:
                return .ended(.silence)
            case .reportNoData(let after):
                deliver([.connection(.quiet(after: after))])
            case .sendKeepalive:
                guard let keepalive = exchange.adapterType.keepaliveMessage else { continue }
                statistics.keepalives += 1
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
}
