import Foundation
import LacriptaCore
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// Reconnects, the watchdog and the server's refusals, driven by a test clock.
@Suite("PriceFeed recovery and refusals", .timeLimit(.minutes(5)))
struct PriceFeedRecoveryTests {
    @Test("after a drop it waits at least 5 s, reconnects, resubscribes and keeps the board")
    func reconnectsAfterDrop() async throws {
        var harness = FeedHarness()
        let first = try await harness.startLive()
        first.push(FeedHarness.btcUpdate)
        _ = try await harness.next { if case .update = $0 { true } else { false } }
        harness.clock.advance(by: .seconds(2))
        first.drop()

        let reconnect = try await harness.nextReconnect()
        #expect(reconnect.attempt == 1)
        #expect(reconnect.reason == .connectionLost)
        #expect(reconnect.delay >= .seconds(5))
        #expect(reconnect.delay <= .seconds(10))
        await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: reconnect.delay - .milliseconds(1))
        #expect(harness.clock.sleeperCount == 1)
        #expect(await harness.client.connections.count == 1)
        harness.clock.advance(by: .milliseconds(1))

        let second = await harness.client.connection(at: 1)
        let request = try decodeRequest(await second.sentText(at: 0))
        #expect(request.action == "SubAdd")
        #expect(request.subs == ["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"])
        // The board survived; its age shows how old the price is.
        let snapshot = try #require(await harness.feed.board[FeedHarness.btc])
        #expect(snapshot.price == 118_652.38)
        #expect(await harness.feed.elapsed - snapshot.receivedAt >= .seconds(7))
        second.push(FeedHarness.welcome)
        second.push(FeedHarness.btcPartial)
        guard case .update(let change) = try await harness.next(where: { if case .update = $0 { true } else { false } }) else {
            return
        }
        #expect(change.snapshot.price == 118_652.38)
        #expect(change.snapshot.fields.volumeDay == 9820.5)
        #expect(!change.isFirst)
    }

    @Test("failed connects back off with growing attempts")
    func connectFailures() async throws {
        var harness = FeedHarness()
        await harness.client.failNextConnect()
        await harness.client.failNextConnect()
        await harness.feed.start()
        var delays: [Duration] = []
        for expectedAttempt in 2...3 {
            let reconnect = try await harness.nextReconnect()
            #expect(reconnect.attempt == expectedAttempt)
            #expect(reconnect.reason == .connectFailed)
            #expect(reconnect.delay >= .seconds(5))
            delays.append(reconnect.delay)
            await harness.clock.advance(by: reconnect.delay, afterSleepers: 1)
        }
        _ = await harness.client.connection(at: 0)
        #expect(await harness.client.attempts.count == 3)
        #expect(await harness.feed.statistics.reconnects == 2)
    }

    @Test("90 s of silence: stale first, then the watchdog reconnects")
    func watchdog() async throws {
        var harness = FeedHarness()
        let first = try await harness.startLive()
        await harness.clock.advance(by: .seconds(65), afterSleepers: 1)
        #expect(try await harness.nextState() == .stale(age: .seconds(65)))
        await harness.clock.advance(by: .seconds(24), afterSleepers: 1)
        #expect(harness.clock.sleeperCount == 1)
        #expect(await harness.client.connections.count == 1)
        harness.clock.advance(by: .seconds(1))
        let reconnect = try await harness.nextReconnect()
        #expect(reconnect.reason == .silence)
        #expect(await first.waitForClose() == .normalClosure)
        await harness.clock.advance(by: reconnect.delay, afterSleepers: 1)
        _ = await harness.client.connection(at: 1)
    }

    @Test("a heartbeat keeps the watchdog away and ends a stale spell")
    func heartbeatKeepsAlive() async throws {
        var harness = FeedHarness()
        let connection = try await harness.startLive()
        await harness.clock.advance(by: .seconds(65), afterSleepers: 1)
        #expect(try await harness.nextState() == .stale(age: .seconds(65)))
        connection.push(#"{"TYPE":"999","MESSAGE":"HEARTBEAT","TIMEMS":1582817678330}"#)
        #expect(try await harness.nextState() == .live)
        // At 90 s the watchdog wakes, finds 25 s of silence and sleeps until the next stale point.
        await harness.clock.advance(by: .seconds(25), afterSleepers: 1)
        await harness.clock.waitForSleepers(count: 1)
        #expect(harness.clock.sleeperDeadlines == [.seconds(65 + 65)])
        #expect(await harness.client.connections.count == 1)
        #expect(await harness.feed.statistics.heartbeats == 1)
    }

    @Test("401 ends the stream with unauthorized and does not reconnect")
    func unauthorized() async throws {
        var harness = FeedHarness()
        let connection = await harness.start()
        connection.push(try Fixtures.lines("stream-errors.jsonl")[0])
        let error = await harness.terminalError()
        let feedError = try #require(error as? PriceFeedError)
        #expect(feedError.kind == .unauthorized)
        #expect(feedError.lacriptaError.exitCode == .authentication)
        #expect(feedError.serverInfo == "We only support JSON format with a valid api_key.")
        #expect(!feedError.userMessage.contains(FeedHarness.apiKey))
        #expect(!"\(feedError)".contains("api_key"))
        #expect(await connection.waitForClose() == .normalClosure)
        #expect(await harness.client.attempts.count == 1)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("a refusal that arrived before the first send is still reported when that send fails")
    func refusalBeforeSubAdd() async throws {
        var harness = FeedHarness()
        await harness.client.refuseSendsOnNextConnection()
        let first = await harness.start()
        first.push(try Fixtures.lines("stream-errors.jsonl")[1])
        first.finishFromServer()
        let event = try await harness.next(where: { if case .rateLimited = $0 { true } else { false } })
        guard case .rateLimited(let notice) = event else { return }
        #expect(notice.kind == .tooManySockets)
        #expect(try await harness.nextReconnect().reason == .rateLimited)
    }

    @Test("429 too many sockets waits at least 60 s before trying again")
    func tooManySocketsWaits() async throws {
        var harness = FeedHarness()
        let first = await harness.start()
        first.push(try Fixtures.lines("stream-errors.jsonl")[1])
        guard case .rateLimited(let notice) = try await harness.next(where: { if case .rateLimited = $0 { true } else { false } }) else {
            return
        }
        #expect(notice.kind == .tooManySockets)
        let reconnect = try await harness.nextReconnect()
        #expect(reconnect.reason == .rateLimited)
        #expect(reconnect.delay >= .seconds(60))
        await harness.clock.advance(by: .seconds(59), afterSleepers: 1)
        #expect(harness.clock.sleeperCount == 1)
        #expect(await harness.client.connections.count == 1)
        harness.clock.advance(by: reconnect.delay - .seconds(59))
        _ = await harness.client.connection(at: 1)
    }

    @Test("a 429 that arrives with a Close before the SubAdd could be sent still counts as a refusal")
    func refusalBeforeTheSubscriptionIsSent() async throws {
        var harness = FeedHarness()
        let refusal = try Fixtures.lines("stream-errors.jsonl")[1]
        await harness.client.prepareNextConnection { connection in
            connection.push(refusal)
            await connection.closeFromServer()
        }
        await harness.feed.start()
        let reconnect = try await harness.nextReconnect()
        #expect(reconnect.reason == .rateLimited)
        #expect(reconnect.delay >= .seconds(60))
    }

    @Test("repeated 429 refusals end the stream with tooManySockets")
    func tooManySocketsGivesUp() async throws {
        var harness = FeedHarness(configuration: PriceFeedConfiguration(rateLimitRetries: 1))
        let refusal = try Fixtures.lines("stream-errors.jsonl")[1]
        let first = await harness.start()
        first.push(refusal)
        let reconnect = try await harness.nextReconnect()
        await harness.clock.advance(by: reconnect.delay, afterSleepers: 1)
        let second = await harness.client.connection(at: 1)
        second.push(refusal)
        let error = try #require(await harness.terminalError() as? PriceFeedError)
        #expect(error.kind == .tooManySockets)
        #expect(error.userMessage.contains("one connection per account"))
        #expect(error.lacriptaError.exitCode == .rateLimited)
        #expect(await harness.client.attempts.count == 2)
    }

    @Test("FORCE_DISCONNECT closes the socket and reconnects with backoff")
    func forceDisconnect() async throws {
        var harness = FeedHarness()
        let first = try await harness.startLive()
        first.push(try Fixtures.lines("stream-errors.jsonl")[5])
        let reconnect = try await harness.nextReconnect()
        #expect(reconnect.reason == .forceDisconnect)
        #expect(reconnect.delay >= .seconds(5))
        #expect(await first.waitForClose() == .normalClosure)
        await harness.clock.advance(by: reconnect.delay, afterSleepers: 1)
        let second = await harness.client.connection(at: 1)
        #expect(try decodeRequest(await second.sentText(at: 0)).action == "SubAdd")
    }

    @Test("a clean close by the server also reconnects")
    func serverClose() async throws {
        var harness = FeedHarness()
        let first = try await harness.startLive()
        first.finishFromServer()
        #expect(try await harness.nextReconnect().reason == .closedByServer)
    }
}
