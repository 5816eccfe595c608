/// What callers hand to a connection's I/O thread.
enum ConnectionCommand: Sendable {
    /// Send a data message.
    case send(WebSocketMessage)
    /// Start the closing handshake.
    case close(CloseCode, reason: String)
}

/// The state callers and the I/O thread share, always under the `Locked` lock. Everything else
/// about a connection belongs to its I/O thread alone.
struct ConnectionShared: Sendable {
    /// Commands not yet taken by the I/O thread.
    var commands: [ConnectionCommand] = []
    /// False once the connection left the open state: `send` then throws `.notOpen`.
    var acceptingSends = true
    /// Set when the task awaiting `connect` was cancelled.
    var connectCancelled = false
    /// True once the I/O thread has released the socket.
    var terminated = false
    /// The close status for a clean end, published before `messages` finishes.
    var closeStatus: CloseStatus?
    /// Callers of `close` waiting for the I/O thread to finish.
    var closeWaiters: [CheckedContinuation<Void, Never>] = []
}
