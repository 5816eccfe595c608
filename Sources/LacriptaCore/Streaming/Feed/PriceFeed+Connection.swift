import LacriptaWebSocket

/// How one connection ended, as decided by the receive loop or the watchdog.
enum SessionEnd: Sendable, Equatable {
    /// The feed is stopping.
    case cancelled
    /// 401: stop for good.
    case unauthorized(ServerNotice)
    /// 429 that refuses the connection: wait at least `rateLimitDelay`.
    case rateLimited(ServerNotice)
    /// Anything else: reconnect with backoff.
    case ended(DisconnectReason)
}

/// The streamer as a `ReconnectingStream`: the driver connects and reconnects; this subscribes,
/// receives under the watchdog, and says each step as a `FeedState` or event.
extension PriceFeed: ReconnectingStream {
    var upgradeHeaders: [(name: String, value: String)] { headers }

    func willConnect() {
        setState(.connecting(attempt: policy.currentAttempt))
    }

    func didConnect() {
        statistics.connections += 1
    }

    func connectFailed(_ error: any Error) {
        emit(.connectFailed(source: "the streamer", reason: (error as? WebSocketError)?.userMessage ?? String(describing: error)))
    }

    func willReconnect(attempt: Int, after delay: Duration, reason: DisconnectReason) {
        statistics.reconnects += 1
        setState(.reconnecting(attempt: attempt, nextIn: delay, reason: reason))
    }

    /// Ends the event stream: normally, or with the failure that made the policy give up.
    func sessionsEnded(_ failure: SessionPolicy.Failure?) {
        isFinished = true
        switch failure {
        case nil:
            continuation.finish()
        case .refused(let error)?:
            continuation.finish(throwing: error)
        case .unreachable(let attempts, let reason)?:
            continuation.finish(throwing: PriceFeedError(kind: .refused(reason, attempts: attempts)))
        }
    }

    /// One connection: subscribe, then receive until it ends, as the policy counts it.
    func session(on connection: any WebSocketConnection) async -> SessionOutcome {
        let end = await receiveSession(on: connection)
        return Self.sessionEnd(end).map { .ended($0) } ?? .stopping
    }

    /// How a session's end counts for the policy; nil when the feed is stopping.
    static func sessionEnd(_ end: SessionEnd) -> SessionPolicy.SessionEnd? {
        switch end {
        case .cancelled:
            return nil
        case .unauthorized(let notice):
            return .refused(PriceFeedError(kind: .unauthorized, serverInfo: notice.info))
        case .rateLimited(let notice):
            let kind: PriceFeedError.Kind = notice.kind == .tooManySockets ? .tooManySockets : .rateLimited
            return .rateLimited(PriceFeedError(kind: kind, serverInfo: notice.info))
        case .ended(.silence):
            return .silence
        case .ended(.forceDisconnect):
            return .reconnectRequested
        case .ended(let reason):
            return .dropped(reason)
        }
    }

    /// Subscribes on a fresh connection, then receives until the connection ends or the watchdog
    /// gives up on it.
    private func receiveSession(on connection: any WebSocketConnection) async -> SessionEnd {
        // Set before reading the list, so `subscribe` either lands in this SubAdd or sends its own.
        self.connection = connection
        defer { self.connection = nil }
        schedule = SessionWatch(rules: configuration.watchRules, openedAt: clock.now())
        if !subscriptionList.isEmpty {
            let request = SubscriptionRequest(action: .add, subscriptions: subscriptionList.all)
            do {
                try await connection.send(request.message)
            } catch {
                if Task.isCancelled { return .cancelled }
                // A failed send does not say why the connection ended: the server may have sent
                // its refusal (401, 429) and closed before our SubAdd. Reading on delivers what
                // already arrived (under the watchdog, like any session) and then reports how the
                // connection ended.
            }
        }
        return await withTaskGroup(of: SessionEnd.self) { group in
            group.addTask { await self.receive(from: connection) }
            group.addTask { await self.watch() }
            let first = await group.next() ?? .cancelled
            // Cancelling the receiver ends its iteration, which closes the message stream.
            group.cancelAll()
            return first
        }
    }

    /// Reads frames until the connection ends or a message ends the session.
    private func receive(from connection: any WebSocketConnection) async -> SessionEnd {
        do {
            // One batch per socket read: the per-element cost of the stream is paid per batch.
            for try await batch in connection.messageBatches {
                if let end = handle(batch) { return end }
                // A slow consumer: stop reading (the connection then stops reading the socket).
                if window.isFull { await window.waitForRoom() }
            }
            return Task.isCancelled ? .cancelled : .ended(.closedByServer)
        } catch {
            return Task.isCancelled ? .cancelled : .ended(.connectionLost)
        }
    }

    /// Performs the connection's schedule (`SessionWatch`): reports `.stale` after `staleAfter`
    /// of silence and ends the session after `watchdogTimeout`. Any frame moves both deadlines.
    private func watch() async -> SessionEnd {
        while true {
            switch schedule.next(at: clock.now()) {
            case .giveUp:
                return .ended(.silence)
            case .reportStale(let age):
                setState(.stale(age: age))
            case .reportNoData, .sendKeepalive:
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
