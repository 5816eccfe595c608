import Foundation
import LacriptaWebSocket

/// How one connection of a market stream ended, as the stream's session reports it.
enum SessionOutcome: Sendable {
    /// The stream is stopping: close with the stop's code and do not reconnect.
    case stopping
    /// The connection ended by itself; `SessionPolicy` decides what comes next.
    case ended(SessionPolicy.SessionEnd)
}

/// A market's live stream (the streamer's `PriceFeed`, an exchange's `ExchangeFeed`) as the one
/// reconnecting session driver, `runSessions()`, performs it.
///
/// The driver connects, hands the connection to the stream's `session(on:)` (subscribe, then read
/// under the stream's watch until the connection ends), closes it, and asks the pure
/// `SessionPolicy` what next: reconnect after a backoff, or stop with or without a failure. A
/// stream supplies only what differs between markets: its URL and upgrade headers, its session,
/// and what it tells its consumer at each step (the hooks below, all called on the stream's actor).
protocol ReconnectingStream: Actor {
    /// Opens the connections.
    var client: any WebSocketClient { get }
    /// Where to connect.
    var url: URL { get }
    /// Headers sent with every upgrade (the streamer's API key; none for exchanges).
    var upgradeHeaders: [(name: String, value: String)] { get }
    /// Time for backoff and for the policy's judgements.
    var clock: FeedClock { get }
    /// When to reconnect and when to give up.
    var policy: SessionPolicy { get set }
    /// The jitter source for reconnect delays.
    var random: any RandomNumberGenerator & Sendable { get set }
    /// Set once `stop()` was called (or the stream ended): a session that ends now is not retried.
    var isFinished: Bool { get }
    /// The close code a stop sends (1000 when the user quits, 1001 when the consumer went away).
    var stopCloseCode: CloseCode { get }

    /// Subscribes on a fresh connection and reads until it ends.
    func session(on connection: any WebSocketConnection) async -> SessionOutcome
    /// A connect is about to be tried.
    func willConnect()
    /// The upgrade succeeded.
    func didConnect()
    /// A connect failed (the policy decides next whether to retry).
    func connectFailed(_ error: any Error)
    /// The next connect comes after `delay`.
    func willReconnect(attempt: Int, after delay: Duration, reason: DisconnectReason)
    /// The stream is over: stopped (nil), or given up for `failure`.
    func sessionsEnded(_ failure: SessionPolicy.Failure?)
}

extension ReconnectingStream {
    /// Connects, runs sessions and reconnects as the policy says, until stopped or given up.
    func runSessions() async {
        while !Task.isCancelled {
            willConnect()
            let action: SessionPolicy.Action
            do {
                let connection = try await client.connect(to: url, headers: upgradeHeaders)
                policy.connected()
                didConnect()
                let outcome = await session(on: connection)
                // Stopped meanwhile: however the session ended, that is the stop's own doing.
                let end: SessionPolicy.SessionEnd? =
                    switch outcome {
                    case .ended(let end) where !isFinished: end
                    default: nil
                    }
                await connection.close(code: end == nil ? stopCloseCode : .normalClosure)
                guard let end else { return sessionsEnded(nil) }
                action = decide { $0.sessionEnded(end, at: $1, using: &$2) }
            } catch {
                if Task.isCancelled || isFinished { return sessionsEnded(nil) }
                connectFailed(error)
                action = decide { $0.connectFailed(error, at: $1, using: &$2) }
            }
            switch action {
            case .stop(let failure):
                return sessionsEnded(failure)
            case .reconnect(let delay, let attempt, let reason):
                willReconnect(attempt: attempt, after: delay, reason: reason)
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return sessionsEnded(nil)
                }
            }
        }
        sessionsEnded(nil)
    }

    /// Asks the policy, with the jitter source taken out of its existential box for the call.
    private func decide(
        _ question: (inout SessionPolicy, Duration, inout any RandomNumberGenerator & Sendable) -> SessionPolicy.Action
    ) -> SessionPolicy.Action {
        var generator = random
        defer { random = generator }
        return question(&policy, clock.now(), &generator)
    }
}
