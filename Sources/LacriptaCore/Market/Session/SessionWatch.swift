/// The schedule of one live connection, as a pure value: when to say that nothing has arrived
/// since it opened, when to send the market's keepalive, when to call the data stale, and when to
/// give up on a silent socket.
///
/// The driver tells it when anything arrived (`heard(at:)`) and asks `next(at:)` what to do now;
/// the answer is one thing to do or the instant to sleep until. Any message moves every deadline
/// but the first-data one, which is said at most once per connection.
public struct SessionWatch: Sendable, Equatable {
    /// The deadlines of one market's connections.
    public struct Rules: Sendable, Equatable {
        /// Silence after which the market's keepalive goes out; nil: the market has none.
        public var keepaliveAfter: Duration?
        /// Silence after which the data counts as stale (said once per silent spell); nil: never.
        public var staleAfter: Duration?
        /// Silence after which the connection is given up.
        public var watchdogTimeout: Duration
        /// Time after opening with nothing at all arrived after which that is said; nil: never.
        public var firstDataPatience: Duration?

        /// Rules.
        public init(keepaliveAfter: Duration? = nil, staleAfter: Duration? = nil, watchdogTimeout: Duration, firstDataPatience: Duration? = nil) {
            self.keepaliveAfter = keepaliveAfter
            self.staleAfter = staleAfter
            self.watchdogTimeout = watchdogTimeout
            self.firstDataPatience = firstDataPatience
        }
    }

    /// What to do now.
    public enum Action: Sendable, Equatable {
        /// Nothing at all has arrived in `after` since the connection opened.
        case reportNoData(after: Duration)
        /// Send the market's keepalive.
        case sendKeepalive
        /// Nothing has arrived for `age`: the data may be old.
        case reportStale(age: Duration)
        /// Nothing has arrived for the watchdog's time: end the session.
        case giveUp
        /// Nothing to do before this instant (or before something arrives).
        case sleep(until: Duration)
    }

    /// The deadlines.
    public let rules: Rules
    /// When anything last arrived (or the connection opened).
    public private(set) var lastActivity: Duration
    private var heardAny = false
    private var noDataReported = false
    private var keepaliveSent = false
    private var staleReported = false

    /// The schedule of a connection opened at `openedAt`.
    public init(rules: Rules, openedAt: Duration) {
        self.rules = rules
        lastActivity = openedAt
    }

    /// Something arrived at `now`: every deadline of silence starts again.
    @inline(__always)
    public mutating func heard(at now: Duration) {
        lastActivity = now
        heardAny = true
        keepaliveSent = false
        staleReported = false
    }

    /// Whether the data was called stale and nothing has arrived since.
    public var isStale: Bool { staleReported }

    /// What to do at `now`; each action other than `sleep` is handed out once.
    public mutating func next(at now: Duration) -> Action {
        let silence = now - lastActivity
        if silence >= rules.watchdogTimeout { return .giveUp }
        var deadline = lastActivity + rules.watchdogTimeout
        if !heardAny, !noDataReported, let patience = rules.firstDataPatience {
            if silence >= patience {
                noDataReported = true
                return .reportNoData(after: silence)
            }
            deadline = min(deadline, lastActivity + patience)
        }
        if !keepaliveSent, let keepalive = rules.keepaliveAfter {
            if silence >= keepalive {
                keepaliveSent = true
                return .sendKeepalive
            }
            deadline = min(deadline, lastActivity + keepalive)
        }
        if !staleReported, let stale = rules.staleAfter {
            if silence >= stale {
                staleReported = true
                return .reportStale(age: silence)
            }
            deadline = min(deadline, lastActivity + stale)
        }
        return .sleep(until: deadline)
    }
}
