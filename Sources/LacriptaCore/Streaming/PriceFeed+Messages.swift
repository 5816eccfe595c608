import LacriptaWebSocket

/// Dispatch of received frames: the per-message hot path.
extension PriceFeed {
    /// Handles one frame; returns how the session ends if this message ends it.
    func handle(_ frame: WebSocketMessage) -> SessionEnd? {
        let now = clock.now()
        lastActivity = now
        statistics.messages &+= 1
        let message = frame.payload.withUnsafeBytes { parser.parse($0) }
        switch message {
        case .update(let update):
            statistics.updates &+= 1
            lastData = now
            markLive(at: now)
            emit(.update(board.merge(update, receivedAt: now)))
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
            if let subscription = Subscription(parsing: sub) { emit(.unsubscribed(subscription)) }
        case .loadComplete:
            markLive(at: now)
            emit(.loadComplete)
        case .unsubscribeAllComplete:
            break
        case .unauthorized(let notice):
            return .unauthorized(notice)
        case .rateLimited(let notice):
            emit(.rateLimited(notice))
            // Too many subscriptions refuses only the excess ones; the socket itself is fine.
            if notice.kind != .tooManySubscriptions { return .rateLimited(notice) }
        case .serverError(let notice):
            return handleServerError(notice)
        case .unknown:
            statistics.unknown &+= 1
        case .malformed:
            statistics.malformed &+= 1
        }
        return nil
    }

    /// A 500: a forced disconnect ends the session; an invalid subscription is dropped from the
    /// list (it would fail again after every reconnect) while the others keep streaming.
    private func handleServerError(_ notice: ServerNotice) -> SessionEnd? {
        switch notice.kind {
        case .forceDisconnect:
            return .ended(.forceDisconnect)
        case .invalidSubscription:
            let parameter = notice.parameter ?? ""
            let subscription = Subscription(parsing: parameter)
            if let subscription { _ = subscriptionList.remove([subscription]) }
            emit(.invalidSubscription(InvalidSubscription(parameter: parameter, subscription: subscription, info: notice.info)))
        default:
            emit(.serverNotice(notice))
        }
        return nil
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
