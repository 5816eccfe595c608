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

/// The connection loop: connect, subscribe, receive under a watchdog, back off, repeat.
extension ExchangeFeed {
    /// Runs until stopped, until every pair is refused, or until connecting cannot succeed.
    func run() async {
        var attempt = 1
        var failures = ConnectFailurePolicy(repeatLimit: configuration.protocolFailureRetries)
        while !Task.isCancelled {
            let end: ExchangeSessionEnd
            var minimum = Duration.zero
            do {
                let connection = try await client.connect(to: url, headers: [])
                failures.connected()
                statistics.connections += 1
                end = await session(on: connection)
                await connection.close(code: end == .cancelled ? stopCloseCode : .normalClosure)
                if end != .cancelled, end != .everythingRefused { deliver([.connection(.lost)]) }
            } catch {
                if Task.isCancelled { return finish() }
                switch failures.verdict(for: error) {
                case .retry where statistics.connections == 0 && attempt >= configuration.firstConnectAttempts:
                    let reason = (error as? WebSocketError)?.userMessage ?? "the connection failed"
                    deliver([.connection(.failed(reason: "gave up after \(attempt) attempts: \(reason)"))])
                    return finish()
                case .retry:
                    end = .ended(.connectFailed)
                case .rateLimited:
                    end = .ended(.rateLimited)
                    minimum = configuration.rateLimitDelay
                case .stop(let failure):
                    deliver([.connection(.failed(reason: Self.reason(failure)))])
                    return finish()
                }
            }
            let wasLive = liveSince != nil
            backoff.connectionEnded(afterLiveFor: liveSince.map { clock.now() - $0 } ?? .zero)
            liveSince = nil
            attempt = wasLive ? 1 : attempt + 1
            switch end {
            case .cancelled, .everythingRefused:
                return finish()
            case .ended(let reason):
                let delay = backoff.nextDelay(minimum: minimum, using: &random)
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

    /// Why the feed gave up, in our words (no wire text).
    static func reason(_ failure: PriceFeedError) -> String {
        switch failure.kind {
        case .unauthorized: "the exchange refused the connection (HTTP 401/403)"
        case .tooManySockets, .rateLimited: "the exchange refused new connections (too many)"
        case .refused(let reason, let attempts): "\(reason) (\(attempts) times in a row)"
        case .misconfigured(let reason): reason
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
        lastActivity = clock.now()
        keepaliveSent = false
        heardSinceConnect = false
        quietReported = false
        for message in adapter.subscribeMessages {
            do {
                try await connection.send(.text(message))
            } catch {
                // The connection is going down; reading on reports how it ended.
                if Task.isCancelled { return .cancelled }
                break
            }
        }
        liveSince = clock.now()
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
        lastActivity = clock.now()
        keepaliveSent = false
        heardSinceConnect = true
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

    /// Says once when nothing at all arrived within `firstDataPatience` of connecting, sends the
    /// keepalive after `keepaliveAfter` of silence, and ends the session after `watchdogTimeout`.
    /// Any message moves the last two deadlines.
    private func watch(_ connection: any WebSocketConnection) async -> ExchangeSessionEnd {
        let keepalive = exchange.adapterType.keepaliveMessage
        while true {
            let silence = clock.now() - lastActivity
            if silence >= configuration.watchdogTimeout { return .ended(.silence) }
            let awaitingFirst = !heardSinceConnect && !quietReported
            if awaitingFirst, silence >= configuration.firstDataPatience {
                quietReported = true
                deliver([.connection(.quiet(after: silence))])
                continue
            }
            if let keepalive, !keepaliveSent, silence >= configuration.keepaliveAfter {
                keepaliveSent = true
                statistics.keepalives += 1
                try? await connection.send(.text(keepalive))
                continue
            }
            var deadline =
                keepalive == nil || keepaliveSent
                ? lastActivity + configuration.watchdogTimeout
                : lastActivity + min(configuration.keepaliveAfter, configuration.watchdogTimeout)
            if awaitingFirst { deadline = min(deadline, lastActivity + configuration.firstDataPatience) }
            do {
                try await clock.sleepUntil(deadline)
            } catch {
                return .cancelled
            }
        }
    }
}
