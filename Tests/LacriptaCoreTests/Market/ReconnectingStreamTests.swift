import Foundation
import LacriptaNet
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

@testable import LacriptaCore

/// A clock whose sleeps return at once, moving its time to the deadline: a backoff of a minute
/// passes in no time, and the policy still sees the minute go by.
private final class SkippingClock: Clock, @unchecked Sendable {
    typealias Instant = TestClock.Instant
    private let offset = Locked(Duration.zero)
    var now: Instant { Instant(offset: offset.withLock { $0 }) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        offset.withLock { $0 = max($0, deadline.offset) }
    }
}

/// A stream whose sessions end as scripted, logging every step the driver takes.
private actor ScriptedStream: ReconnectingStream {
    let client: any WebSocketClient
    /// Never dialled: the scripted client only records it.
    let url = URL(fileURLWithPath: "/nowhere")
    let upgradeHeaders: [(name: String, value: String)] = []
    let clock = FeedClock(SkippingClock())
    var policy: SessionPolicy
    var random: any RandomNumberGenerator & Sendable = SeededRandom(seed: 7)
    var isFinished = false
    var stopCloseCode: CloseCode = .goingAway
    /// How each session ends, in turn; `stopsDuring` marks sessions during which `stop()` came.
    private var outcomes: [(outcome: SessionOutcome, stopsDuring: Bool)]
    private(set) var log: [String] = []

    init(client: any WebSocketClient, rules: SessionPolicy.Rules, outcomes: [(SessionOutcome, Bool)]) {
        self.client = client
        policy = SessionPolicy(rules: rules)
        self.outcomes = outcomes.map { (outcome: $0.0, stopsDuring: $0.1) }
    }

    func session(on connection: any WebSocketConnection) async -> SessionOutcome {
        log.append("session")
        let next = outcomes.removeFirst()
        if next.stopsDuring { isFinished = true }
        return next.outcome
    }

    func willConnect() { log.append("connect") }
    func didConnect() { log.append("connected") }
    func connectFailed(_ error: any Error) { log.append("connect failed") }
    func willReconnect(attempt: Int, after delay: Duration, reason: DisconnectReason) {
        log.append("attempt \(attempt) after backoff")
    }
    func sessionsEnded(_ failure: SessionPolicy.Failure?) {
        switch failure {
        case nil: log.append("ended")
        case .refused?: log.append("ended: refused")
        case .unreachable(let attempts, _)?: log.append("ended: unreachable after \(attempts)")
        }
    }
}

@Suite("The reconnecting session driver", .timeLimit(.minutes(1)))
struct ReconnectingStreamTests {
    private func closeCodes(_ client: ScriptedWebSocketClient) async -> [CloseCode?] {
        var codes: [CloseCode?] = []
        for connection in await client.connections { codes.append(await connection.closeCode) }
        return codes
    }

    @Test("dropped sessions are reconnected with a rising attempt; a stop ends them with the stop's close code")
    func dropsThenStop() async {
        let client = ScriptedWebSocketClient()
        let stream = ScriptedStream(
            client: client, rules: SessionPolicy.Rules(),
            outcomes: [(.ended(.dropped(.connectionLost)), false), (.ended(.silence), false), (.ended(.dropped(.connectionLost)), true)])
        await stream.runSessions()
        let log = await stream.log
        #expect(
            log == [
                "connect", "connected", "session", "attempt 2 after backoff", "connect", "connected", "session", "attempt 3 after backoff", "connect",
                "connected",
                "session", "ended",
            ])
        // Sessions the driver ended itself close normally; the one a stop ended, with the stop's code.
        #expect(await closeCodes(client) == [.normalClosure, .normalClosure, .goingAway])
    }

    @Test("a session that reports the stop closes with the stream's stop code and is not retried")
    func stoppingSession() async {
        let client = ScriptedWebSocketClient()
        let stream = ScriptedStream(client: client, rules: SessionPolicy.Rules(), outcomes: [(.stopping, false)])
        await stream.runSessions()
        let log = await stream.log
        #expect(log == ["connect", "connected", "session", "ended"])
        #expect(await closeCodes(client) == [.goingAway])
    }

    @Test("a refusal for good (401) ends the sessions with the failure, without a reconnect")
    func refused() async {
        let client = ScriptedWebSocketClient()
        let stream = ScriptedStream(
            client: client, rules: SessionPolicy.Rules(), outcomes: [(.ended(.refused(PriceFeedError(kind: .unauthorized))), false)])
        await stream.runSessions()
        let log = await stream.log
        #expect(log == ["connect", "connected", "session", "ended: refused"])
    }

    @Test("connects that keep failing before any connection opened give up after the rules' attempts")
    func unreachable() async {
        let client = ScriptedWebSocketClient()
        for _ in 0..<3 { await client.failNextConnect() }
        let stream = ScriptedStream(client: client, rules: SessionPolicy.Rules(firstConnectAttempts: 3), outcomes: [])
        await stream.runSessions()
        let log = await stream.log
        #expect(
            log == [
                "connect", "connect failed", "attempt 2 after backoff", "connect", "connect failed", "attempt 3 after backoff", "connect",
                "connect failed",
                "ended: unreachable after 3",
            ])
    }

    @Test("every pair refused ends the sessions without a failure to report")
    func everythingRefused() async {
        let client = ScriptedWebSocketClient()
        let stream = ScriptedStream(client: client, rules: SessionPolicy.Rules(), outcomes: [(.ended(.everythingRefused), false)])
        await stream.runSessions()
        let log = await stream.log
        #expect(log == ["connect", "connected", "session", "ended"])
    }
}
