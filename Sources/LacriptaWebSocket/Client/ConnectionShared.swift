/// What callers hand to a connection's I/O thread.
enum ConnectionCommand: Sendable {
    /// Send a data message.
    case send(WebSocketMessage)
    /// Start the closing handshake.
    case close(CloseCode, reason: String)
}

/// What `send` does with a new message.
enum SendGate: Sendable, Equatable {
    /// Queue it for the I/O thread.
    case open
    /// The connection is ending for a reason `messages` reports (the peer's Close, a protocol
    /// failure, a lost connection): drop the message without an error. A caller that sends right
    /// after connecting races the peer's Close; failing that send would make it stop reading and
    /// miss what the peer said before closing (CryptoCompare's 429 before its Close 1008).
    case discard
    /// This side asked to close: `send` throws `.notOpen`, a mistake of the caller's own.
    case refuse
}

/// The state callers and the I/O thread share, always under the `Locked` lock. Everything else
/// about a connection belongs to its I/O thread alone.
struct ConnectionShared: Sendable {
    /// Commands not yet taken by the I/O thread.
    var commands: [ConnectionCommand] = []
    /// Whether `send` queues, drops or refuses; leaves `.open` once the connection starts ending.
    var sendGate = SendGate.open
    /// Set when the task awaiting `connect` was cancelled.
    var connectCancelled = false
    /// True once the I/O thread has released the socket.
    var terminated = false
    /// The close status for a clean end, published before `messages` finishes.
    var closeStatus: CloseStatus?
    /// Callers of `close` waiting for the I/O thread to finish.
    var closeWaiters: [CheckedContinuation<Void, Never>] = []
    /// Flow control between the I/O thread and the consumer of `messageBatches`.
    var window: ReceiveWindow
    /// The message streams.
    var delivery: MessageDelivery

    /// The shared state of a new connection.
    init(delivery: MessageDelivery, receiveWindow: Int) {
        self.delivery = delivery
        window = ReceiveWindow(limit: receiveWindow)
    }

    /// Hands `batch` to the consumer; returns false once the consumer is gone. Only batches count
    /// against the window: a consumer of single messages keeps the unbounded behaviour.
    mutating func deliver(_ batch: WebSocketMessageBatch) -> Bool {
        // A receiver takes each batch before the I/O thread reads on: nothing waits.
        if delivery.form == nil || delivery.form == .batches { window.delivered(batch.footprint) }
        return delivery.deliver(batch)
    }

    /// Picks the stream form the consumer reads (see `MessageDelivery.pick`); returns true when
    /// the I/O thread paused for room and must be woken.
    mutating func pick(_ form: MessageDelivery.Form) -> Bool {
        let handedOver = delivery.pick(form)
        // Batches that waited for the pick were counted; single messages are not.
        guard form == .messages else { return false }
        return window.taken(handedOver.reduce(0) { $0 + $1.footprint })
    }

    /// Picks the receiver form; the batches that waited for the pick no longer count against the
    /// window (the receiver takes them synchronously).
    mutating func pick(_ receiver: any WebSocketReceiver) {
        _ = window.taken(delivery.pick(receiver))
    }

    /// The connection left the open state without this side asking: later sends are dropped.
    mutating func stopSending() {
        if sendGate == .open { sendGate = .discard }
    }

    /// This side asked to close: later sends throw.
    mutating func refuseSends() {
        sendGate = .refuse
    }
}

/// Bytes delivered to the message stream but not yet taken by its consumer. The I/O thread stops
/// reading while the window is full and is woken once the consumer has taken half of it.
struct ReceiveWindow: Sendable {
    /// Bytes that fill the window.
    let limit: Int
    /// Bytes delivered and not yet taken.
    private(set) var outstanding = 0
    /// True while the I/O thread waits for room (so the consumer knows to wake it).
    private(set) var readerPaused = false

    /// Creates an empty window of `limit` bytes.
    init(limit: Int) {
        self.limit = limit
    }

    /// The I/O thread delivered `bytes`.
    mutating func delivered(_ bytes: Int) {
        outstanding += bytes
    }

    /// The I/O thread asks whether it may read; when not, it is marked as paused.
    mutating func mayRead() -> Bool {
        readerPaused = outstanding >= limit
        return !readerPaused
    }

    /// The consumer took `bytes`; returns true when the paused reader must be woken.
    mutating func taken(_ bytes: Int) -> Bool {
        outstanding -= bytes
        guard readerPaused, outstanding <= limit / 2 else { return false }
        readerPaused = false
        return true
    }
}
