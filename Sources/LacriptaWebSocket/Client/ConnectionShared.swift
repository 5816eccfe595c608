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

    /// The connection left the open state without this side asking: later sends are dropped.
    mutating func stopSending() {
        if sendGate == .open { sendGate = .discard }
    }

    /// This side asked to close: later sends throw.
    mutating func refuseSends() {
        sendGate = .refuse
    }
}
