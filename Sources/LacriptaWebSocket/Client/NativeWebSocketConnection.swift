import Dispatch
import LacriptaNet

/// An open connection of `NativeWebSocketClient`. Callers' tasks only queue commands and wake the
/// connection's I/O thread; all socket and TLS work happens there.
public final class NativeWebSocketConnection: WebSocketConnection {
    private let rawMessages: AsyncThrowingStream<WebSocketMessage, any Error>
    private let batches: BatchStream<WebSocketMessageBatch>
    private let shared: Locked<ConnectionShared>
    private let wake: WakePipe

    /// Wraps the two streams the I/O thread feeds. Each batch the consumer takes frees its room
    /// in the receive window, waking the I/O thread if it paused for room.
    init(
        messages: AsyncThrowingStream<WebSocketMessage, any Error>, batches: AsyncThrowingStream<WebSocketMessageBatch, any Error>,
        shared: Locked<ConnectionShared>, wake: WakePipe
    ) {
        rawMessages = messages
        self.batches = BatchStream(batches) { batch in
            if shared.withLock({ $0.window.taken(batch.footprint) }) { wake.signal() }
        }
        self.shared = shared
        self.wake = wake
    }

    /// Data messages in arrival order; finishes after a clean close and throws a `WebSocketError`
    /// after a protocol violation (kind `.protocolViolation`) or a lost connection
    /// (`.connectionLost`). Read this or `messageBatches`: the first one asked for gets the
    /// messages, the other one ends empty.
    public var messages: AsyncThrowingStream<WebSocketMessage, any Error> {
        if shared.withLock({ $0.pick(.messages) }) { wake.signal() }
        return rawMessages
    }

    /// The same messages in batches, one per socket read, ending like `messages`. While more
    /// than `WebSocketClientOptions.receiveWindow` bytes wait for the consumer, the connection
    /// stops reading from the socket.
    public var messageBatches: BatchStream<WebSocketMessageBatch> {
        _ = shared.withLock { $0.pick(.batches) }
        return batches
    }

    /// Hands every message to `receiver` on the connection's I/O thread as each read is decoded,
    /// then the end; messages that arrived before this call come first. Once the connection has
    /// ended, what it left is handed over here, on the caller's thread.
    public func deliver(to receiver: any WebSocketReceiver) {
        let left = shared.withLock { state in
            state.pick(receiver)
            // After `terminated` the I/O thread hands nothing over: whatever the pick moved is ours.
            return state.terminated ? state.delivery.takeForReceiver() : nil
        }
        if let left {
            Self.hand(left)
        } else {
            wake.signal()
        }
    }

    /// Calls the receiver with what was taken for it.
    static func hand(_ taken: (receiver: any WebSocketReceiver, batches: [WebSocketMessageBatch], end: Result<Void, any Error>?)) {
        for batch in taken.batches { taken.receiver.receive(batch) }
        switch taken.end {
        case nil: break
        case .success?: taken.receiver.ended(nil)
        case .failure(let error)?: taken.receiver.ended(error)
        }
    }

    /// Queues `message`. Throws `WebSocketError(.notOpen)` after this side called `close` (or
    /// stopped consuming `messages` or `messageBatches`). Once the peer has closed, failed or lost
    /// the connection the message is dropped without an error: the message stream reports that
    /// ending, after delivering everything that arrived before it, so a caller that sends right
    /// after connecting does not miss the server's last words because its send lost the race
    /// with the server's Close.
    public func send(_ message: WebSocketMessage) async throws {
        let wasIdle = try shared.withLock { state in
            switch state.sendGate {
            case .open: break
            case .discard: return false
            case .refuse: throw WebSocketError(.notOpen)
            }
            defer { state.commands.append(.send(message)) }
            return state.commands.isEmpty
        }
        // The I/O thread drains the whole queue per wake-up, so only the first command needs one.
        if wasIdle { wake.signal() }
    }

    /// Starts the close handshake with `code` and returns when the connection is released (after
    /// the server's reply and TCP close, or the close timeout).
    public func close(code: CloseCode) async {
        await close(code: code, reason: "")
    }

    /// Starts the close handshake with `code` and `reason` and waits (bounded) for it to finish.
    public func close(code: CloseCode, reason: String = "") async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let alreadyGone = shared.withLock { state in
                state.refuseSends()
                guard !state.terminated else { return true }
                state.closeWaiters.append(waiter)
                state.commands.append(.close(code, reason: reason))
                return false
            }
            if alreadyGone { waiter.resume() } else { wake.signal() }
        }
    }

    /// The close status after a clean end (the peer's code and reason), else nil.
    public var closeStatus: CloseStatus? {
        get async { shared.withLock { $0.closeStatus } }
    }

    /// Asks the I/O thread to close with 1001 when the consumer stops listening.
    ///
    /// The request is queued from another thread, never here: Swift runs this while it holds the
    /// cancelled task's status lock, and the I/O thread may at that moment hold `shared` while it
    /// hands that very task a batch (resuming it needs the status lock). Taking `shared` here
    /// deadlocked both threads, and `live` then ignored the SIGINT that stopped it (seen in the
    /// bench smoke, with gdb's backtraces).
    static func closeOnCancel<Element>(
        shared: Locked<ConnectionShared>, wake: WakePipe
    ) -> @Sendable (AsyncThrowingStream<Element, any Error>.Continuation.Termination) -> Void {
        { termination in
            guard case .cancelled = termination else { return }
            DispatchQueue.global().async {
                shared.withLock { state in
                    state.refuseSends()
                    state.commands.append(.close(.goingAway, reason: ""))
                }
                wake.signal()
            }
        }
    }
}
