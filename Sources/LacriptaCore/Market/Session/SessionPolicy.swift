import LacriptaWebSocket

/// When a market's connection is opened again, and when it is given up: one pure value for the
/// streamer and every exchange, asked by the session driver and never doing anything itself.
///
/// The driver tells it what happened (a connect failed, a connection opened, a session ended and
/// why) with the time on the driver's clock; the policy answers with an `Action`: back off and
/// connect again (how long, which attempt, why), or stop (normally, or with the failure to report).
/// What each failure means comes from `ConnectFailurePolicy` (401/403 on the upgrade stops, 429
/// waits as a rate limit, a local mistake stops, the same protocol failure `protocolFailureRetries`
/// times in a row stops, the network's troubles are retried); the delays from `Backoff`; and a
/// market never reached within `firstConnectAttempts` is given up, so an unreachable exchange is
/// reported beside the others instead of retried for ever. The schedule of one live connection
/// (keepalive, stale, watchdog, the first data) is `SessionWatch`.
///
/// Everything it decides is a table: see `SessionPolicyTests`.
public struct SessionPolicy: Sendable {
    /// The rules one market's sessions follow.
    public struct Rules: Sendable, Equatable {
        /// Reconnect delays.
        public var backoff: Backoff
        /// The least delay after a 429 (on the upgrade or in band).
        public var rateLimitDelay: Duration
        /// How many 429 refusals in a row are waited out before giving up; nil: for ever.
        public var rateLimitRetries: Int?
        /// How many identical protocol failures in a row end the sessions.
        public var protocolFailureRetries: Int
        /// How many failed connects, before any connection ever opened, end the sessions; nil:
        /// retried for as long as they last.
        public var firstConnectAttempts: Int?

        /// Rules; the defaults are the streamer's.
        public init(
            backoff: Backoff = Backoff(), rateLimitDelay: Duration = .seconds(60), rateLimitRetries: Int? = 3, protocolFailureRetries: Int = 3,
            firstConnectAttempts: Int? = nil
        ) {
            self.backoff = backoff
            self.rateLimitDelay = rateLimitDelay
            self.rateLimitRetries = rateLimitRetries
            self.protocolFailureRetries = protocolFailureRetries
            self.firstConnectAttempts = firstConnectAttempts
        }
    }

    /// How one session (one connection) ended, as its driver saw it.
    public enum SessionEnd: Sendable, Equatable {
        /// The socket broke, or the server closed it.
        case dropped(DisconnectReason)
        /// Nothing arrived for the watchdog's time.
        case silence
        /// The market asked for a new connection (a forced disconnect, maintenance ahead).
        case reconnectRequested
        /// The market refused the session for a limit (an in-band 429); `failure` is what to
        /// report once the refusals run out.
        case rateLimited(PriceFeedError)
        /// The market refused the session for good (an in-band 401): nothing to retry.
        case refused(PriceFeedError)
        /// The market refused every pair: nothing is left to subscribe.
        case everythingRefused
    }

    /// What the driver does next.
    public enum Action: Sendable, Equatable {
        /// Waits `delay`, then connects again; `attempt` counts attempts since the last live
        /// connection (1: the first retry).
        case reconnect(after: Duration, attempt: Int, reason: DisconnectReason)
        /// Ends the sessions: `nil` when there is nothing left to do (every pair refused).
        case stop(Failure?)
    }

    /// Why the sessions were given up.
    public enum Failure: Sendable, Equatable {
        /// The failure `ConnectFailurePolicy` or a refusal names (401, a limit, a protocol
        /// failure that repeats, a setting).
        case refused(PriceFeedError)
        /// The market was never reached in `attempts` tries; `reason` is the last failure in our
        /// words.
        case unreachable(attempts: Int, reason: String)
    }

    /// The rules.
    public let rules: Rules
    private var backoff: Backoff
    private var failures: ConnectFailurePolicy
    /// Attempts since the last live connection.
    private var attempt = 1
    /// 429 refusals in a row.
    private var refusals = 0
    /// Whether any connection ever opened.
    private var everConnected = false
    /// When the live connection opened, on the driver's clock; nil between connections.
    private var liveSince: Duration?

    /// A policy following `rules`.
    public init(rules: Rules) {
        self.rules = rules
        backoff = rules.backoff
        failures = ConnectFailurePolicy(repeatLimit: rules.protocolFailureRetries)
    }

    /// Attempts since the last live connection (1 for the first).
    public var currentAttempt: Int { attempt }

    /// A connection opened: the run of connect failures is over.
    public mutating func connected() {
        failures.connected()
        everConnected = true
    }

    /// The connection is serving data since `now` (the exchanges count from the subscribe, the
    /// streamer from its first message): a drop after `Backoff.stableAfter` of it starts the
    /// delays afresh, and any drop of it counts attempts from 1 again.
    public mutating func becameLive(at now: Duration) {
        if liveSince == nil { liveSince = now }
    }

    /// A connect attempt failed with `error` at `now`.
    public mutating func connectFailed(_ error: any Error, at now: Duration, using random: inout some RandomNumberGenerator) -> Action {
        switch failures.verdict(for: error) {
        case .stop(let failure):
            return .stop(.refused(failure))
        case .rateLimited:
            // Refused before the upgrade: the same wait and the same limit as an in-band 429.
            return rateLimited(PriceFeedError(kind: .rateLimited), at: now, using: &random)
        case .retry:
            if !everConnected, let limit = rules.firstConnectAttempts, attempt >= limit {
                let reason = (error as? WebSocketError)?.userMessage ?? "the connection failed"
                return .stop(.unreachable(attempts: attempt, reason: reason))
            }
            return backingOff(.connectFailed, at: now, using: &random)
        }
    }

    /// The live session ended at `now` for `end`.
    public mutating func sessionEnded(_ end: SessionEnd, at now: Duration, using random: inout some RandomNumberGenerator) -> Action {
        let wasLive = liveSince != nil
        switch end {
        case .everythingRefused:
            return .stop(nil)
        case .refused(let failure):
            return .stop(.refused(failure))
        case .rateLimited(let failure):
            return rateLimited(failure, at: now, using: &random)
        case .dropped(let reason):
            if wasLive { refusals = 0 }
            return backingOff(reason, at: now, using: &random)
        case .silence:
            if wasLive { refusals = 0 }
            return backingOff(.silence, at: now, using: &random)
        case .reconnectRequested:
            if wasLive { refusals = 0 }
            return backingOff(.forceDisconnect, at: now, using: &random)
        }
    }

    /// A 429: waited out at least `rateLimitDelay`, until the refusals run out.
    private mutating func rateLimited(_ failure: PriceFeedError, at now: Duration, using random: inout some RandomNumberGenerator) -> Action {
        refusals += 1
        if let limit = rules.rateLimitRetries, refusals > limit { return .stop(.refused(failure)) }
        return backingOff(.rateLimited, minimum: rules.rateLimitDelay, at: now, using: &random)
    }

    /// The next delay, counting the attempt; a connection that was live long enough starts the
    /// count afresh.
    private mutating func backingOff(
        _ reason: DisconnectReason, minimum: Duration = .zero, at now: Duration, using random: inout some RandomNumberGenerator
    ) -> Action {
        let wasLive = liveSince != nil
        backoff.connectionEnded(afterLiveFor: liveSince.map { now - $0 } ?? .zero)
        liveSince = nil
        attempt = wasLive ? 1 : attempt + 1
        return .reconnect(after: backoff.nextDelay(minimum: minimum, using: &random), attempt: attempt, reason: reason)
    }
}
