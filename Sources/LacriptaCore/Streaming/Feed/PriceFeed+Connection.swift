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

/// The connection loop: connect, subscribe, receive under a watchdog, back off, repeat. What to do
/// after each connection or failed connect is `SessionPolicy`'s decision; this only performs it.
extension PriceFeed {
    /// Runs until stopped or a terminal failure.
    func run() async {
        while !Task.isCancelled {
            setState(.connecting(attempt: policy.currentAttempt))
            let action: SessionPolicy.Action
            do {
                let connection = try await client.connect(to: url, headers: headers)
                policy.connected()
                statistics.connections += 1
                let end = await session(on: connection)
                await connection.close(code: end == .cancelled ? stopCloseCode : .normalClosure)
                guard let ended = Self.sessionEnd(end) else { return finish(throwing: nil) }
                action = policy.sessionEnded(ended, at: clock.now(), using: &random)
            } catch {
                if Task.isCancelled { return finish(throwing: nil) }
                emit(.connectFailed(source: "the streamer", reason: (error as? WebSocketError)?.userMessage ?? String(describing: error)))
                action = policy.connectFailed(error, at: clock.now(), using: &random)
            }
            switch action {
            case .stop(nil):
                return finish(throwing: nil)
            case .stop(.refused(let failure)?):
                return finish(throwing: failure)
            case .stop(.unreachable(let attempts, let reason)?):
                return finish(throwing: PriceFeedError(kind: .refused(reason, attempts: attempts)))
            case .reconnect(let delay, let attempt, let reason):
                statistics.reconnects += 1
                setState(.reconnecting(attempt: attempt, nextIn: delay, reason: reason))
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return finish(throwing: nil)
                }
            }
        }
        finish(throwing: nil)
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

    /// Ends the event stream, normally or with a terminal error.
    private func finish(throwing error: PriceFeedError?) {
        isFinished = true
        continuation.finish(throwing: error)
    }

    /// Subscribes on a fresh connection, then receives until the connection ends or the watchdog
    /// gives up on it.
    private func session(on connection: any WebSocketConnection) async -> SessionEnd {
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
