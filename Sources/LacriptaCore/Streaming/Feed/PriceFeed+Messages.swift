import LacriptaWebSocket

/// Dispatch of received frames: the per-message hot path.
extension PriceFeed {
    /// Handles the messages of one batch in order, delivering their events as one batch; returns
    /// how the session ends if one of them ends it (the rest of the batch is then ignored).
    ///
    /// The messages arrived together, so they share one reading of the clock. The per-message
    /// loop works on a `BatchRun` of locals, and the actor's stored properties are read and
    /// written once per batch: every access to a stored property of a class is an exclusivity
    /// check at run time, several per update at a million updates a second.
    func handle(_ batch: WebSocketMessageBatch) -> SessionEnd? {
        let now = clock.now()
        schedule.heard(at: now)
        isCollecting = true
        // With a sink, updates make no events: the rare others do not need room for a whole batch.
        if updateSink == nil { collected.reserveCapacity(batch.count + 1) }
        var run = BatchRun(now: now)
        // Bound once and passed borrowed: copying an existential per message is not free.
        let sink = updateSink
        swap(&run.board, &board)
        let end = batch.withUnsafePayloads { bytes -> SessionEnd? in
            for index in batch.indices {
                let payload = UnsafeRawBufferPointer(rebasing: bytes[batch.payloadRange(at: index)])
                if let end = handle(payload, in: &run, sink: sink) { return end }
            }
            return nil
        }
        swap(&run.board, &board)
        statistics.messages &+= run.messages
        statistics.updates &+= run.updates
        isCollecting = false
        updateSink?.endOfBatch()
        if !collected.isEmpty {
            deliver(collected)
            collected = []
        }
        return end
    }

    /// The state of the batch being handled, kept in locals (see `handle(_:)`).
    struct BatchRun {
        /// When the batch arrived.
        let now: Duration
        /// The feed's board, moved here for the batch.
        var board = PriceBoard()
        /// Messages handled and updates merged so far, added to the statistics at the end.
        var messages = 0
        var updates = 0
        /// Whether `markLive` has run in this batch (nothing in a batch makes the feed un-live).
        var isLive = false
        /// The parser's record, reused for every message of the batch.
        var record = ScanRecord()
    }

    /// Handles one message; returns how the session ends if this message ends it.
    ///
    /// Every frame is activity for the watchdog. Every frame that does not end the session also
    /// shows the server is serving us, so it makes the feed live (again, after a stale spell).
    @inline(__always)
    private func handle(_ payload: UnsafeRawBufferPointer, in run: inout BatchRun, sink: (any PriceUpdateSink)?) -> SessionEnd? {
        run.messages &+= 1
        switch parser.parse(payload, into: &run.record) {
        case .priceUpdate:
            return handleUpdate(in: &run, sink: sink)
        case .message(let message):
            return handle(message, at: run.now)
        }
    }

    /// Merges the price update the parser left in `run.record` and hands it on: to the sink, read
    /// in place, or as an event.
    @inline(__always)
    private func handleUpdate(in run: inout BatchRun, sink: (any PriceUpdateSink)?) -> SessionEnd? {
        let now = run.now
        if !run.isLive {
            markLive(at: now)
            run.isLive = true
        }
        // A pair not subscribed (the streamer's choice, not ours) is merged nowhere, reported to no
        // one and not counted as data: `merge` answers nil for it.
        guard let sink else {
            if let change = run.board.merge(scanned: run.record, receivedAt: now, { PriceChange(snapshot: copy $0, merge: $1) }) {
                run.updates &+= 1
                emit(.update(change))
            }
            return nil
        }
        switch run.board.merge(scanned: run.record, receivedAt: now, { sink.receive($0, $1) }) {
        case nil:
            return nil
        case true?:
            run.updates &+= 1
            return nil
        case false?:
            // The sink has had enough: end as `stop()` does, with a normal close.
            run.updates &+= 1
            isFinished = true
            stopCloseCode = .normalClosure
            return .cancelled
        }
    }

    /// Handles a message other than a price update.
    private func handle(_ message: StreamerMessage, at now: Duration) -> SessionEnd? {
        switch message {
        case .update:
            // `parse(_:into:)` leaves price updates in the record for `handleUpdate`.
            assertionFailure("a price update must stay in the parser's record")
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
            // The board (moved out for this batch) keeps the pair in its kept set until the next
            // change of subscriptions: harmless, since the server sends nothing for a refused pair.
            if let subscription { _ = subscriptionList.remove([subscription]) }
            emit(.invalidSubscription(InvalidSubscription(parameter: parameter, subscription: subscription, info: notice.info)))
        default:
            emit(.serverNotice(notice))
        }
    }

    /// Enters `.live` (again, after a stale spell) on a message that shows the server is serving us.
    @inline(__always)
    private func markLive(at now: Duration) {
        policy.becameLive(at: now)
        if state != .live {
            setState(.live)
        }
    }
}
