import Foundation
import LacriptaCore
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

@Suite("PriceFeed with a scripted server and a test clock", .timeLimit(.minutes(5)))
struct PriceFeedTests {
    @Test("connects, sends one SubAdd with every subscription, and goes live on the welcome")
    func subscribesOnConnect() async throws {
        var harness = FeedHarness()
        let connection = await harness.start()
        #expect(try await harness.nextState() == .connecting(attempt: 1))
        let request = try decodeRequest(await connection.sentText(at: 0))
        #expect(request.action == "SubAdd")
        #expect(request.subs == ["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"])
        connection.push(FeedHarness.welcome)
        #expect(try await harness.nextState() == .live)
        guard case .welcome(let welcome)? = try await harness.next() else {
            Issue.record("expected the welcome")
            return
        }
        #expect(welcome.socketsRemaining == 0)
        #expect(await harness.feed.statistics.connections == 1)
    }

    @Test("the API key travels only in the authorization header")
    func keyOnlyInHeader() async throws {
        var harness = FeedHarness()
        let connection = try await harness.startLive()
        #expect(connection.header("authorization") == "Apikey " + FeedHarness.apiKey)
        #expect(!connection.url.absoluteString.contains(FeedHarness.apiKey))
        #expect(connection.url == FeedHarness.url)
        for text in await connection.sentTexts { #expect(!text.contains(FeedHarness.apiKey)) }

        let anonymous = FeedHarness(apiKey: nil)
        let plain = await anonymous.start()
        #expect(plain.headers.isEmpty)
    }

    @Test("recorded session: snapshots and updates are merged and reported")
    func recordedSession() async throws {
        // XMR is subscribed too: its update is the end marker, and the board keeps only subscribed pairs.
        var harness = FeedHarness(subscriptions: ["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD", "5~CCCAGG~XMR~USD"])
        let connection = await harness.start()
        let lines = try Fixtures.lines(RecordedStreamTests.session)
        connection.push(lines: lines)
        // The session ends with a heartbeat, which emits nothing: a marker update shows that
        // every recorded frame has been processed.
        let marker = PairKey(market: "CCCAGG", from: "XMR", to: "USD")
        connection.push(#"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"XMR","TOSYMBOL":"USD","FLAGS":1,"PRICE":1}"#)
        var updates = 0
        var subscribed: [Subscription] = []
        var unsubscribed: [Subscription] = []
        var loadComplete = false
        var lastChange: PriceChange?
        reading: while true {
            switch try await harness.next() {
            case .update(let change)?:
                if change.pair == marker { break reading }
                updates += 1
                if change.pair == FeedHarness.btc { lastChange = change }
            case .subscribed(let subscription)?: subscribed.append(subscription)
            case .unsubscribed(let subscription)?: unsubscribed.append(subscription)
            case .loadComplete?: loadComplete = true
            case nil:
                Issue.record("stream ended")
                return
            default: break
            }
        }
        #expect(updates == 64)
        #expect(subscribed.map(\.description) == ["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"])
        #expect(unsubscribed.map(\.description) == ["5~CCCAGG~ETH~USD"])
        #expect(loadComplete)
        #expect(lastChange?.snapshot.price == 118_708.5024971071)
        let statistics = await harness.feed.statistics
        #expect(statistics.messages == 77)
        #expect(statistics.heartbeats == 6)
        #expect(statistics.malformed == 0)
        #expect(await harness.feed.board.count == 3)
    }

    @Test("updates for pairs not subscribed are neither kept nor delivered; unsubscribing forgets a pair")
    func unsubscribedPairsAreDropped() async throws {
        var harness = FeedHarness()
        let connection = try await harness.startLive()
        // A thousand pairs the feed never asked for, then one it did, in one batch.
        let strays = (0..<1000).map { #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"S\#($0)","TOSYMBOL":"USD","FLAGS":1,"PRICE":1}"# }
        connection.push(lines: strays + [FeedHarness.btcUpdate])
        let first = try await harness.next { if case .update = $0 { true } else { false } }
        guard case .update(let btc) = first else { return }
        #expect(btc.pair == FeedHarness.btc && btc.isFirst, "the first update delivered is the subscribed pair's")
        #expect(await harness.feed.board.count == 1)
        let statistics = await harness.feed.statistics
        #expect(statistics.messages == 1002 && statistics.updates == 1, "all were read (and the welcome), one was merged")

        // ETH is kept while subscribed; after the SubRemove its state goes, and late updates too.
        let eth = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":2,"PRICE":3744.9}"#
        connection.push(eth)
        _ = try await harness.next { if case .update(let change) = $0 { change.pair.from == "ETH" } else { false } }
        #expect(await harness.feed.board.count == 2)
        await harness.feed.unsubscribe([try #require(Subscription(parsing: "5~CCCAGG~ETH~USD"))])
        #expect(await harness.feed.board.count == 1)
        connection.push(lines: [eth, FeedHarness.btcPartial])
        let next = try await harness.next { if case .update = $0 { true } else { false } }
        guard case .update(let change) = next else { return }
        #expect(change.pair == FeedHarness.btc, "the ETH update in flight was dropped")
        #expect(await harness.feed.board.count == 1)
    }

    @Test("a subscribe confirmation before the snapshot is fine")
    func confirmationBeforeSnapshot() async throws {
        var harness = FeedHarness()
        let connection = try await harness.startLive()
        connection.push(#"{"TYPE":"16","MESSAGE":"SUBSCRIBECOMPLETE","SUB":"5~CCCAGG~BTC~USD"}"#)
        connection.push(FeedHarness.btcUpdate)
        #expect(try await harness.next() == .subscribed(try #require(Subscription(parsing: "5~CCCAGG~BTC~USD"))))
        guard case .update(let change)? = try await harness.next() else {
            Issue.record("expected the snapshot")
            return
        }
        #expect(change.isFirst)
        #expect(change.snapshot.price == 118_652.38)
    }

    @Test("INVALID_SUB is reported and dropped while the other pairs keep streaming")
    func invalidSubscription() async throws {
        var harness = FeedHarness(subscriptions: ["5~CCCAGG~BTC~USD", "5~CCCAGG~FOO~USD"])
        let first = try await harness.startLive()
        first.push(try Fixtures.lines("stream-errors.jsonl")[2])
        first.push(FeedHarness.btcUpdate)
        guard case .invalidSubscription(let invalid) = try await harness.next() else {
            Issue.record("expected the invalid subscription first")
            return
        }
        #expect(invalid.parameter == "5~CCCAGG~FOO~USD")
        #expect(invalid.subscription == Subscription(parsing: "5~CCCAGG~FOO~USD"))
        #expect(invalid.info?.contains("FOO") == true)
        guard case .update(let change)? = try await harness.next() else {
            Issue.record("BTC stopped streaming")
            return
        }
        #expect(change.pair == FeedHarness.btc)
        #expect(await harness.feed.subscriptions.map(\.description) == ["5~CCCAGG~BTC~USD"])

        // The rejected pair is not asked for again after a reconnect.
        first.drop()
        let reconnect = try await harness.nextReconnect()
        await harness.clock.advance(by: reconnect.delay, afterSleepers: 1)
        let second = await harness.client.connection(at: 1)
        #expect(try decodeRequest(await second.sentText(at: 0)).subs == ["5~CCCAGG~BTC~USD"])
    }

    @Test("malformed frames are counted and skipped")
    func malformedSkipped() async throws {
        var harness = FeedHarness()
        let connection = try await harness.startLive()
        connection.push("{not json")
        connection.push(bytes: [0xFF, 0xFE])
        connection.push(#"{"TYPE":"0","M":"Coinbase"}"#)
        connection.push(FeedHarness.btcUpdate)
        guard case .update = try await harness.next() else {
            Issue.record("expected the update right after the skipped frames")
            return
        }
        let statistics = await harness.feed.statistics
        #expect(statistics.malformed == 2)
        #expect(statistics.unknown == 1)
        #expect(statistics.messages == 5)
    }

    @Test("subscriptions can be added, removed and replaced while running")
    func changeSubscriptions() async throws {
        var harness = FeedHarness(subscriptions: ["5~CCCAGG~BTC~USD"])
        let connection = try await harness.startLive()
        let sol = try #require(Subscription(parsing: "5~CCCAGG~SOL~USD"))
        let btc = try #require(Subscription(parsing: "5~CCCAGG~BTC~USD"))
        let eth = try #require(Subscription(parsing: "5~CCCAGG~ETH~USD"))
        await harness.feed.subscribe([sol, btc])
        #expect(try decodeRequest(await connection.sentText(at: 1)) == ("SubAdd", ["5~CCCAGG~SOL~USD"]))
        await harness.feed.unsubscribe([btc])
        #expect(try decodeRequest(await connection.sentText(at: 2)) == ("SubRemove", ["5~CCCAGG~BTC~USD"]))
        await harness.feed.setSubscriptions([eth, sol])
        #expect(try decodeRequest(await connection.sentText(at: 3)) == ("SubAdd", ["5~CCCAGG~ETH~USD"]))
        #expect(await harness.feed.subscriptions == [sol, eth])
        await harness.feed.setSubscriptions([eth])
        #expect(try decodeRequest(await connection.sentText(at: 4)) == ("SubRemove", ["5~CCCAGG~SOL~USD"]))
    }

    @Test("stop closes the connection normally (1000) and finishes the stream")
    func stop() async throws {
        var harness = FeedHarness()
        let connection = try await harness.startLive()
        await harness.feed.stop()
        #expect(await connection.waitForClose() == .normalClosure)
        #expect(await harness.terminalError() == nil)
    }

    @Test("cancelling the consumer stops the feed")
    func consumerCancellation() async throws {
        let harness = FeedHarness()
        let connection = await harness.start()
        let events = harness.feed.events
        let consumer = Task {
            for try await _ in events {}
        }
        connection.push(FeedHarness.welcome)
        consumer.cancel()
        #expect(await connection.waitForClose() == .goingAway)
    }
}
