/// The TYPE 20 `STREAMERWELCOME` message: who the server is and how many sockets and connection
/// attempts this account has left.
///
/// Every field is optional: the 2020 documentation example lacks `SOCKET_ID`, and nothing stops the
/// service from dropping more. A free key shows `socketsActive: 1, socketsRemaining: 0`.
public struct StreamerWelcome: Sendable, Equatable {
    /// `SERVER_NAME`, e.g. `"08"`.
    public var serverName: String?
    /// `SERVER_UPTIME_SECONDS`: a drop between connections means the server restarted.
    public var serverUptimeSeconds: Int64?
    /// `SERVER_TIME_MS`: server clock, Unix milliseconds.
    public var serverTimeMilliseconds: Int64?
    /// `CLIENT_ID`: the account id (sockets are limited per account, not per key).
    public var clientID: Int64?
    /// `DATA_FORMAT`: `"JSON"` for API users.
    public var dataFormat: String?
    /// `SOCKET_ID`: opaque id of this socket.
    public var socketID: String?
    /// `SOCKETS_ACTIVE`: open sockets of this account, this one included.
    public var socketsActive: Int64?
    /// `SOCKETS_REMAINING`: how many more sockets may be opened.
    public var socketsRemaining: Int64?
    /// `RATELIMIT_MAX_*`: socket-opening limits per period.
    public var rateLimitMax = RateLimitFigures()
    /// `RATELIMIT_REMAINING_*`: socket openings left per period, this one already counted.
    public var rateLimitRemaining = RateLimitFigures()

    /// An empty welcome; the parser fills in what the server sent.
    public init() {}
}

/// Socket-opening limits or remainders per period, from the welcome message.
public struct RateLimitFigures: Sendable, Equatable {
    /// Per second.
    public var second: Int64?
    /// Per minute (60 on every documented plan: reconnect loops hit this first).
    public var minute: Int64?
    /// Per hour.
    public var hour: Int64?
    /// Per day.
    public var day: Int64?
    /// Per month.
    public var month: Int64?

    /// No figures.
    public init() {}
}
