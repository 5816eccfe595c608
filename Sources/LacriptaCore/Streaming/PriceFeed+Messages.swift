import LacriptaWebSocket

/// Dispatch of received frames: the per-message hot path.
extension PriceFeed {
    /// Handles the messages of one batch in order, delivering their events as one batch; returns
    /// how the session ends if one of them ends it (the rest of the batch is then ignored).
    ///
    /// The messages arrived together, so they share one reading of the clock.
    func handle(_ batch: WebSocketMessageBatch) -> SessionEnd? {
        let now = clock.now()
        lastActivity = now
        isCollecting = true
        collected.reserveCapacity(batch.count + 1)
        let end = batch.withUnsafePayloads { bytes -> SessionEnd? in
            for index in batch.indices {
                let payload = UnsafeRawBufferPointer(rebasing: bytes[batch.payloadRange(at: index)])
                if let end = handle(payload, at: now) { return end }
            }
            return nil
        }
        isCollecting = false
        updateSink?.endOfBatch()
        if !collected.isEmpty {
            deliver(collected)
            collected = []
        }
        return end
    }

    /// Handles one message; returns how the session ends if this message ends it.
    ///
    /// Every frame is activity for the watchdog. Every frame that does not end the session also
    /// shows the server is serving us, so it makes the feed live (again, after a stale spell).
    private func handle(_ payload: UnsafeRawBufferPointer, at now: Duration) -> SessionEnd? {
        statistics.messages &+= 1
        let message = parser.parse(payload)
        switch message {
        case .update(let update):
            statistics.updates &+= 1
            lastData = now
            markLive(at: now)
            let change = board.merge(update, receivedAt: now)
            guard let updateSink else {
                emit(.update(change))
                return nil
            }
            if !updateSink.receive(change) {
                // The sink has had enough: end as `stop()` does, with a normal close.
                isFinished = true
                stopCloseCode = 1000
                return .cancelled
            }
        case .heartbeat:
            statistics.heartbeats &+= 1
            markLive(at: now)
        case .welcome(let welcome):
            markLive(at: now)
            emit(.welcome(welcome))
        case .subscribeComplete(let sub):
            markLive(at: now)
            if let subscription = Subscription(parsing: sub) { emit(.subscribed(subscription)) }
        case .unsubscribeComplete(let sub):
            markLive(at: now)
            if let subscription = Subscription(parsing: sub) { emit(.unsubscribed(subscription)) }
        case .loadComplete:
            markLive(at: now)
            emit(.loadComplete)
        case .unsubscribeAllComplete:
            markLive(at: now)
        case .unauthorized(let notice):
            return .unauthorized(notice)
        case .rateLimited(let notice):
            emit(.rateLimited(notice))
            // Too many subscriptions refuses only the excess ones; the socket itself is fine.
            guard notice.kind == .tooManySubscriptions else { return .rateLimited(notice) }
            markLive(at: now)
        case .serverError(let notice):
            if notice.kind == .forceDisconnect { return .ended(.forceDisconnect) }
            markLive(at: now)
            handleServerError(notice)
        case .unknown:
            statistics.unknown &+= 1
            markLive(at: now)
        case .malformed:
            statistics.malformed &+= 1
            markLive(at: now)
        }
        return nil
    }

    /// A 500 that does not end the session: an invalid subscription is dropped from the list (it
    /// would fail again after every reconnect) while the others keep streaming.
    private func handleServerError(_ notice: ServerNotice) {
        switch notice.kind {
        case .invalidSubscription:
            let parameter = notice.parameter ?? ""
            let subscription = Subscription(parsing: parameter)
            if let subscription { _ = subscriptionList.remove([subscription]) }
            emit(.invalidSubscription(InvalidSubscription(parameter: parameter, subscription: subscription, info: notice.info)))
        default:
            emit(.serverNotice(notice))
        }
    }

    /// Enters `.live` (again, after a stale spell) on a message that shows the server is serving us.
    @inline(__always)
    private func markLive(at now: Duration) {
        if liveSince == nil { liveSince = now }
        if isStale || state != .live {
            isStale = false
            setState(.live)
        }
    }
}
