import LacriptaWebSocket

/// One client socket inside the streamer: its subscriptions, what it was sent, and whether it
/// still talks. Lives in the streamer's locked state; every method runs under that lock, which
/// keeps messages to one socket in order whichever thread produced them.
struct StreamSession: Sendable {
    /// The streamer's id for the socket (1, 2, …).
    let id: Int
    /// The server connection.
    let connection: WebSocketServerConnection
    /// Active CCCAGG pairs.
    var subscriptions: Set<StreamPair> = []
    /// Text messages sent so far (the welcome included).
    var messagesSent = 0
    /// Open, silent, flooding or ended.
    var phase = StreamerConnectionInfo.State.open
    /// When the next heartbeat is due.
    var nextHeartbeat: ContinuousClock.Instant?
    /// When the next server ping is due.
    var nextPing: ContinuousClock.Instant?

    /// Whether random-walk updates and heartbeats go to this socket.
    var receivesUpdates: Bool { phase == .open }

    /// Sends one text message (split into fragments when configured) unless the socket stopped
    /// talking, then applies the counted faults. Returns whether it was sent.
    @discardableResult
    mutating func send(_ text: String, faults: CryptoCompareStreamer.Faults, forceDisconnectText: String) -> Bool {
        guard phase == .open || phase == .flooding else { return false }
        if let size = faults.fragmentSize {
            connection.send(.text(text), fragmentSize: size, pingBetweenFragments: faults.pingBetweenFragments)
        } else {
            connection.send(text: text)
        }
        messagesSent += 1
        if faults.dropAfter == messagesSent {
            drop(midFrame: faults.dropMidFrame)
        } else if faults.forceDisconnectAfter == messagesSent {
            forceDisconnect(text: forceDisconnectText)
        } else if faults.silentAfter == messagesSent {
            goSilent()
        }
        return true
    }

    /// Resets TCP now (optionally inside a frame).
    mutating func drop(midFrame: Bool) {
        guard phase != .ended else { return }
        connection.dropConnection(midFrame: midFrame)
        phase = .ended
    }

    /// Sends FORCE_DISCONNECT and a Close (1008); nothing more follows.
    mutating func forceDisconnect(text: String) {
        guard phase != .ended else { return }
        connection.send(text: text)
        messagesSent += 1
        connection.sendClose(code: .policyViolation)
        phase = .ended
    }

    /// Stops sending and answering, keeping TCP open.
    mutating func goSilent() {
        guard phase == .open || phase == .flooding else { return }
        connection.goSilent()
        phase = .silent
    }
}
