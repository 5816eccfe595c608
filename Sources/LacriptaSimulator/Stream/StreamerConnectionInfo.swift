/// A snapshot of one streamer socket, for tests and diagnostics. Holds no key and no request
/// target (the target may carry `?api_key=`).
public struct StreamerConnectionInfo: Sendable, Equatable {
    /// What the socket is doing.
    public enum State: Sendable, Equatable {
        /// Receiving replies, updates and heartbeats.
        case open
        /// Hung on purpose: nothing is sent, TCP stays open.
        case silent
        /// Receiving a flood.
        case flooding
        /// Dropped or closed by the streamer, TCP not yet gone.
        case ended
    }

    /// The streamer's id for the socket (1, 2, … in connect order).
    public let id: Int
    /// Active subscriptions, `5~CCCAGG~FROM~TO`, sorted.
    public let subscriptions: [String]
    /// Text messages sent on it so far, the welcome included.
    public let messagesSent: Int
    /// See `State`.
    public let state: State
}

extension StreamSession {
    /// The public snapshot.
    var info: StreamerConnectionInfo {
        StreamerConnectionInfo(
            id: id, subscriptions: subscriptions.sorted().map(\.subscription), messagesSent: messagesSent, state: phase)
    }
}
