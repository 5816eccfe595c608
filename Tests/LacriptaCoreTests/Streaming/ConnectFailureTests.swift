import Foundation
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

@testable import LacriptaCore

/// Permanent failures end the feed instead of reconnecting for ever; passing ones do not.
@Suite("Connect failures")
struct ConnectFailureTests {
    private static let wrongAccept = WebSocketError(.invalidHandshake(.wrongAccept), endpoint: "127.0.0.1:9")

    @Test("the policy: 401/403 stop, 429 waits, local mistakes stop, network trouble retries")
    func verdicts() {
        var policy = ConnectFailurePolicy(repeatLimit: 3)
        #expect(policy.verdict(for: WebSocketError(.upgradeRejected, httpStatus: 401)) == .stop(PriceFeedError(kind: .unauthorized)))
        #expect(policy.verdict(for: WebSocketError(.upgradeRejected, httpStatus: 403)) == .stop(PriceFeedError(kind: .unauthorized)))
        #expect(policy.verdict(for: WebSocketError(.upgradeRejected, httpStatus: 429)) == .rateLimited)
        guard case .stop(let local) = policy.verdict(for: WebSocketError(.caFileUnreadable)) else {
            Issue.record("a CA bundle that does not load must stop the feed")
            return
        }
        #expect(local.lacriptaError.exitCode == .usage)
        for passing in [
            WebSocketError(.connectionRefused), WebSocketError(.hostNotFound), WebSocketError(.upgradeRejected, httpStatus: 503),
            WebSocketError(.upgradeRejected, httpStatus: 408), WebSocketError(.handshakeTimedOut),
        ] {
            for _ in 0..<10 { #expect(policy.verdict(for: passing) == .retry) }
        }
    }

    @Test("the same protocol failure repeated stops after the limit; a different one or a connection resets the count")
    func repeatedProtocolFailures() throws {
        var policy = ConnectFailurePolicy(repeatLimit: 3)
        let notFound = WebSocketError(.upgradeRejected, httpStatus: 404)
        #expect(policy.verdict(for: Self.wrongAccept) == .retry)
        #expect(policy.verdict(for: Self.wrongAccept) == .retry)
        #expect(policy.verdict(for: notFound) == .retry)  // changed: counting starts again
        #expect(policy.verdict(for: notFound) == .retry)
        policy.connected()
        #expect(policy.verdict(for: notFound) == .retry)
        #expect(policy.verdict(for: notFound) == .retry)
        guard case .stop(let error) = policy.verdict(for: notFound) else {
            Issue.record("three identical 404s must stop the feed")
            return
        }
        #expect(error.lacriptaError.exitCode == .unavailable)
        #expect(error.userMessage.contains("failed the same way 3 times in a row"))
        #expect(error.userMessage.contains("HTTP status 404"))
    }

    @Test("a 401 on the upgrade ends the feed after one attempt")
    func unauthorizedUpgrade() async throws {
        var harness = FeedHarness()
        await harness.client.failNextConnect(with: WebSocketError(.upgradeRejected, httpStatus: 401))
        await harness.feed.start()
        let error = try #require(await harness.terminalError() as? PriceFeedError)
        #expect(error.kind == .unauthorized)
        #expect(error.lacriptaError.exitCode == .authentication)
        #expect(await harness.client.attempts.count == 1)
    }

    @Test("a 429 on the upgrade waits as long as an in-band 429 and gives up as it does")
    func rateLimitedUpgrade() async throws {
        var harness = FeedHarness(configuration: PriceFeedConfiguration(rateLimitRetries: 1))
        for _ in 0..<2 { await harness.client.failNextConnect(with: WebSocketError(.upgradeRejected, httpStatus: 429)) }
        await harness.feed.start()
        let reconnect = try await harness.nextReconnect()
        #expect(reconnect.reason == .rateLimited)
        #expect(reconnect.delay >= .seconds(60))
        await harness.clock.advance(by: reconnect.delay, afterSleepers: 1)
        let error = try #require(await harness.terminalError() as? PriceFeedError)
        #expect(error.kind == .rateLimited)
        #expect(error.lacriptaError.exitCode == .rateLimited)
        #expect(await harness.client.attempts.count == 2)
    }

    @Test("a wrong Sec-WebSocket-Accept on every attempt ends the feed (69) after the limit")
    func repeatedBadHandshake() async throws {
        var harness = FeedHarness(configuration: PriceFeedConfiguration(protocolFailureRetries: 3))
        for _ in 0..<3 { await harness.client.failNextConnect(with: Self.wrongAccept) }
        await harness.feed.start()
        for _ in 0..<2 {
            let reconnect = try await harness.nextReconnect()
            #expect(reconnect.reason == .connectFailed)
            await harness.clock.advance(by: reconnect.delay, afterSleepers: 1)
        }
        let error = try #require(await harness.terminalError() as? PriceFeedError)
        #expect(error.lacriptaError.exitCode == .unavailable)
        #expect(await harness.client.attempts.count == 3)
    }
}
