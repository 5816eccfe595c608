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

/// The connection loop: connect, subscribe, receive under a watchdog, back off, repeat.
extension PriceFeed {
    /// Runs until stopped or a terminal failure.
    func run() async {
        var refusals = 0
        var attempt = 1
        var failures = ConnectFailurePolicy(repeatLimit: configuration.protocolFailureRetries)
        while !Task.isCancelled {
            setState(.connecting(attempt: attempt))
            let end: SessionEnd
            do {
                let connection = try await client.connect(to: url, headers: headers)
                failures.connected()
                statistics.connections += 1
                end = await session(on: connection)
                await connection.close(code: end == .cancelled ? stopCloseCode : .normalClosure)
            } catch {
                if Task.isCancelled {
                    end = .cancelled
                } else {
                    emit(.connectFailed(reason: (error as? WebSocketError)?.userMessage ?? String(describing: error)))
                    switch failures.verdict(for: error) {
                    case .retry: end = .ended(.connectFailed)
                    // Refused before the upgrade: the same wait and the same limit as an in-band 429.
                    case .rateLimited: end = .rateLimited(ServerNotice(message: "RATE_LIMIT_OPENING_SOCKETS_TOO_FAST"))
                    case .stop(let error): return finish(throwing: error)
                    }
                }
            }
            let wasLive = liveSince != nil
            backoff.connectionEnded(afterLiveFor: liveSince.map { clock.now() - $0 } ?? .zero)
            liveSince = nil
            attempt = wasLive ? 1 : attempt + 1

            var minimum = Duration.zero
            let reason: DisconnectReason
            switch end {
            case .cancelled:
                return finish(throwing: nil)
            case .unauthorized(let notice):
                return finish(throwing: PriceFeedError(kind: .unauthorized, serverInfo: notice.info))
            case .rateLimited(let notice):
                refusals += 1
                if refusals > configuration.rateLimitRetries {
                    let kind: PriceFeedError.Kind = notice.kind == .tooManySockets ? .tooManySockets : .rateLimited
                    return finish(throwing: PriceFeedError(kind: kind, serverInfo: notice.info))
                }
                minimum = configuration.rateLimitDelay
                reason = .rateLimited
            case .ended(let ended):
                if wasLive { refusals = 0 }
                reason = ended
            }

            let delay = backoff.nextDelay(minimum: minimum, using: &random)
            statistics.reconnects += 1
            setState(.reconnecting(attempt: attempt, nextIn: delay, reason: reason))
            do {
                try await clock.sleep(for: delay)
            } catch {
                return finish(throwing: nil)
            }
        }
        finish(throwing: nil)
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
        lastActivity = clock.now()
        isStale = false
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

    /// Sleeps until the connection has been silent for `staleAfter` (reporting `.stale`) and then
    /// `watchdogTimeout` (ending the session). Any frame moves both deadlines.
    private func watch() async -> SessionEnd {
        while true {
            let silence = clock.now() - lastActivity
            if silence >= configuration.watchdogTimeout { return .ended(.silence) }
            let deadline: Duration
            if silence >= configuration.staleAfter {
                if !isStale {
                    isStale = true
                    setState(.stale(age: silence))
                }
                deadline = lastActivity + configuration.watchdogTimeout
            } else {
                deadline = lastActivity + min(configuration.staleAfter, configuration.watchdogTimeout)
            }
            do {
                try await clock.sleepUntil(deadline)
            } catch {
                return .cancelled
            }
        }
    }
}
