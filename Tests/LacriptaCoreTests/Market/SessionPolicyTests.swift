import LacriptaCore
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// The reconnect policy's decisions as a table: what happened, in order, and what the driver is
/// told to do after each step. Delays are jittered, so a row names the window each must fall in.
@Suite("Session policy: reconnect, wait or give up")
struct SessionPolicyTests {
    /// The streamer's rules: 5–60 s delays, three 429s waited out, no limit on unreachable.
    static let streamer = SessionPolicy.Rules()
    /// An exchange's rules: 1–30 s delays, 429s waited out for ever, four tries to reach it at all.
    static let exchange = SessionPolicy.Rules(
        backoff: Backoff(initialDelay: .seconds(1), maximumDelay: .seconds(30), stableAfter: .seconds(60)), rateLimitRetries: nil,
        firstConnectAttempts: 4)

    /// One step the driver reports.
    enum Step: Sendable, CustomStringConvertible {
        /// A connection opened and served data at `second`.
        case live(at: Int)
        /// A connect failed with `error` at `second`.
        case connectFailed(WebSocketError, at: Int)
        /// The live session ended with `end` at `second`.
        case ended(SessionPolicy.SessionEnd, at: Int)

        var description: String {
            switch self {
            case .live(let at): "live at \(at) s"
            case .connectFailed(let error, let at): "connect failed (\(error.kind)) at \(at) s"
            case .ended(let end, let at): "ended (\(end)) at \(at) s"
            }
        }
    }

    /// What the driver must be told after a step (nothing after `.live`).
    enum Expected: Sendable, Equatable {
        /// Reconnect: attempt, reason, and the window the delay falls in (seconds, inclusive).
        case reconnect(attempt: Int, reason: DisconnectReason, within: ClosedRange<Int>)
        /// Stop, with this failure (nil: nothing left to do).
        case stop(SessionPolicy.Failure?)
        /// No decision (the step was a connection going live).
        case none
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let rules: SessionPolicy.Rules
        let steps: [(Step, Expected)]
        var testDescription: String { name }
    }

    static let unauthorized = SessionPolicy.Failure.refused(PriceFeedError(kind: .unauthorized))
    static let refused = WebSocketError(.connectionRefused, endpoint: "127.0.0.1:9")
    static let badHandshake = WebSocketError(.invalidHandshake(.missingUpgradeHeader))

    static let rows: [Row] = [
        Row(
            name: "a drop after a live spell reconnects from attempt 1 within the first window",
            rules: streamer,
            steps: [
                (.live(at: 0), .none), (.ended(.dropped(.connectionLost), at: 10), .reconnect(attempt: 1, reason: .connectionLost, within: 5...10)),
            ]),
        Row(
            name: "drops before any data count attempts up and widen the window",
            rules: streamer,
            steps: [
                (.live(at: 0), .none), (.ended(.dropped(.closedByServer), at: 1), .reconnect(attempt: 1, reason: .closedByServer, within: 5...10)),
                (.ended(.dropped(.closedByServer), at: 10), .reconnect(attempt: 2, reason: .closedByServer, within: 5...20)),
            ]),
        Row(
            name: "silence (the watchdog gave up) reconnects",
            rules: exchange,
            steps: [(.live(at: 0), .none), (.ended(.silence, at: 40), .reconnect(attempt: 1, reason: .silence, within: 1...2))]),
        Row(
            name: "a refused upgrade (401, 403) stops at once",
            rules: streamer,
            steps: [(.connectFailed(WebSocketError(.upgradeRejected, httpStatus: 401), at: 0), .stop(unauthorized))]),
        Row(
            name: "403 on an exchange's upgrade stops too",
            rules: exchange,
            steps: [(.connectFailed(WebSocketError(.upgradeRejected, httpStatus: 403), at: 0), .stop(unauthorized))]),
        Row(
            name: "an in-band 401 stops with the market's failure",
            rules: streamer,
            steps: [(.live(at: 0), .none), (.ended(.refused(PriceFeedError(kind: .unauthorized)), at: 1), .stop(unauthorized))]),
        Row(
            name: "429 on the upgrade waits at least the rate-limit delay, three times, then stops",
            rules: streamer,
            steps: [
                (
                    .connectFailed(WebSocketError(.upgradeRejected, httpStatus: 429), at: 0),
                    .reconnect(attempt: 2, reason: .rateLimited, within: 60...60)
                ),
                (
                    .connectFailed(WebSocketError(.upgradeRejected, httpStatus: 429), at: 60),
                    .reconnect(attempt: 3, reason: .rateLimited, within: 60...60)
                ),
                (
                    .connectFailed(WebSocketError(.upgradeRejected, httpStatus: 429), at: 120),
                    .reconnect(attempt: 4, reason: .rateLimited, within: 60...60)
                ),
                (.connectFailed(WebSocketError(.upgradeRejected, httpStatus: 429), at: 180), .stop(.refused(PriceFeedError(kind: .rateLimited)))),
            ]),
        Row(
            name: "an in-band 429 (too many sockets) ends with that failure once the waits run out",
            rules: SessionPolicy.Rules(rateLimitRetries: 1),
            steps: [
                (.live(at: 0), .none),
                (.ended(.rateLimited(PriceFeedError(kind: .tooManySockets)), at: 1), .reconnect(attempt: 1, reason: .rateLimited, within: 60...60)),
                (.ended(.rateLimited(PriceFeedError(kind: .tooManySockets)), at: 70), .stop(.refused(PriceFeedError(kind: .tooManySockets)))),
            ]),
        Row(
            name: "an exchange's 429 is waited out for as long as it lasts",
            rules: exchange,
            steps: (0..<6).map { index in
                (
                    .connectFailed(WebSocketError(.upgradeRejected, httpStatus: 429), at: index * 60),
                    .reconnect(attempt: index + 2, reason: .rateLimited, within: 60...60)
                )
            }),
        Row(
            name: "maintenance (the market asks for a new connection) reconnects",
            rules: exchange,
            steps: [(.live(at: 0), .none), (.ended(.reconnectRequested, at: 30), .reconnect(attempt: 1, reason: .forceDisconnect, within: 1...2))]),
        Row(
            name: "the same protocol failure three times in a row stops",
            rules: streamer,
            steps: [
                (.connectFailed(badHandshake, at: 0), .reconnect(attempt: 2, reason: .connectFailed, within: 5...10)),
                (.connectFailed(badHandshake, at: 10), .reconnect(attempt: 3, reason: .connectFailed, within: 5...20)),
                (.connectFailed(badHandshake, at: 30), .stop(.refused(PriceFeedError(kind: .refused(badHandshake.userMessage, attempts: 3))))),
            ]),
        Row(
            name: "an exchange never reached is given up after four attempts",
            rules: exchange,
            steps: [
                (.connectFailed(refused, at: 0), .reconnect(attempt: 2, reason: .connectFailed, within: 1...2)),
                (.connectFailed(refused, at: 2), .reconnect(attempt: 3, reason: .connectFailed, within: 1...4)),
                (.connectFailed(refused, at: 6), .reconnect(attempt: 4, reason: .connectFailed, within: 1...8)),
                (.connectFailed(refused, at: 14), .stop(.unreachable(attempts: 4, reason: refused.userMessage))),
            ]),
        Row(
            name: "once reached, an exchange's failed connects are retried for as long as they last",
            rules: exchange,
            steps: [
                (.live(at: 0), .none), (.ended(.dropped(.connectionLost), at: 100), .reconnect(attempt: 1, reason: .connectionLost, within: 1...2)),
            ]
                + (0..<6).map { index in
                    (.connectFailed(refused, at: 102 + index * 30), .reconnect(attempt: index + 2, reason: .connectFailed, within: 1...30))
                }),
        Row(
            name: "the streamer retries an unreachable server for ever",
            rules: streamer,
            steps: (0..<8).map { index in
                (.connectFailed(refused, at: index * 60), .reconnect(attempt: index + 2, reason: .connectFailed, within: 5...60))
            }),
        Row(
            name: "a connection live for a stable minute starts the delays afresh",
            rules: streamer,
            steps: [
                (.live(at: 0), .none), (.ended(.dropped(.connectionLost), at: 1), .reconnect(attempt: 1, reason: .connectionLost, within: 5...10)),
                (.connectFailed(refused, at: 10), .reconnect(attempt: 2, reason: .connectFailed, within: 5...20)),
                (.connectFailed(refused, at: 30), .reconnect(attempt: 3, reason: .connectFailed, within: 5...40)),
                (.live(at: 70), .none), (.ended(.dropped(.connectionLost), at: 200), .reconnect(attempt: 1, reason: .connectionLost, within: 5...10)),
            ]),
        Row(
            name: "every pair refused stops with nothing to report",
            rules: exchange,
            steps: [(.live(at: 0), .none), (.ended(.everythingRefused, at: 1), .stop(nil))]),
    ]

    @Test("decisions", arguments: rows)
    func decisions(row: Row) {
        for seed in UInt64(1)...20 {
            var policy = SessionPolicy(rules: row.rules)
            var random = SeededRandom(seed: seed)
            for (index, (step, expected)) in row.steps.enumerated() {
                let action: SessionPolicy.Action?
                switch step {
                case .live(let at):
                    policy.connected()
                    policy.becameLive(at: .seconds(at))
                    action = nil
                case .connectFailed(let error, let at):
                    action = policy.connectFailed(error, at: .seconds(at), using: &random)
                case .ended(let end, let at):
                    action = policy.sessionEnded(end, at: .seconds(at), using: &random)
                }
                #expect(Self.matches(action, expected), "step \(index + 1) (\(step)), seed \(seed): \(String(describing: action))")
            }
        }
    }

    /// Whether `action` is what `expected` describes.
    static func matches(_ action: SessionPolicy.Action?, _ expected: Expected) -> Bool {
        switch (action, expected) {
        case (nil, .none):
            return true
        case (.stop(let failure)?, .stop(let wanted)):
            return failure == wanted
        case (.reconnect(let delay, let attempt, let reason)?, .reconnect(let wantedAttempt, let wantedReason, let window)):
            return attempt == wantedAttempt && reason == wantedReason && delay >= .seconds(window.lowerBound)
                && delay <= .seconds(window.upperBound)
        default:
            return false
        }
    }
}
