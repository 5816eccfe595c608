import Foundation
import LacriptaCore
import LacriptaSimulator
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// `ExchangeFeed` against each exchange's messages over a real socket: subscribe, acknowledge,
/// quotes, heartbeats, and a drop, a silence and a request each followed by a reconnect that
/// subscribes again.
@Suite("Exchange feeds over a socket", .timeLimit(.minutes(2)))
struct ExchangeFeedSocketTests {
    @Test("subscribes, reads the ack, a quote exactly as sent and a heartbeat", arguments: ExchangeScript.all)
    func session(script: ExchangeScript) async throws {
        let fake = try FeedOnSocket(script.exchange, path: script.path, pairs: [FeedOnSocket.btc])
        let (connection, sent) = try await fake.start()
        #expect(sent == script.exchange.adapterType.subscribeMessages(for: [FeedOnSocket.btc]))
        #expect(try await fake.next { $0 == .connection(.connected) } == .connection(.connected))
        connection.send(text: script.ack)
        _ = try await fake.next { $0 == .message(.subscribed(FeedOnSocket.btc)) }
        connection.send(text: script.quote)
        let event = try await fake.next { if case .message(.quote) = $0 { true } else { false } }
        guard case .message(.quote(let quote)) = event else { return }
        #expect(quote.exchange == script.exchange)
        #expect(quote.bid?.text == script.bid)
        if let heartbeat = script.heartbeat {
            connection.send(text: heartbeat)
            _ = try await fake.next { $0 == .message(.heartbeat) }
        } else {
            // The server's WebSocket ping is the heartbeat: the client answers it with a pong.
            connection.sendPing(Array("beat".utf8))
            var pong: Frame?
            while let frame = await connection.nextFrame(timeout: .seconds(20)) {
                if frame.opcode == .pong {
                    pong = frame
                    break
                }
            }
            #expect(pong.map { Array($0.payload) } == Array("beat".utf8))
        }
        connection.send(text: "{not json")
        _ = try await fake.next { $0 == .message(.malformed) }
        #expect(await fake.feed.statistics.malformed == 1)
        await fake.feed.stop()
        let close = await connection.nextClose()
        #expect(close?.code == .normalClosure, "\(String(describing: close))")
    }

    @Test("a dropped connection is reopened after a backoff and every pair subscribed again", arguments: ExchangeScript.all)
    func dropThenResubscribe(script: ExchangeScript) async throws {
        let fake = try FeedOnSocket(script.exchange, path: script.path, pairs: [FeedOnSocket.btc])
        let (first, sent) = try await fake.start()
        first.send(text: script.ack)
        first.send(text: script.quote)
        _ = try await fake.next { if case .message(.quote) = $0 { true } else { false } }
        first.dropConnection(midFrame: true)
        _ = try await fake.next { $0 == .connection(.lost) }
        #expect([.connectionLost, .closedByServer].contains(try await fake.reconnect()))
        let (_, again) = try await fake.nextConnection()
        #expect(again == sent)
        #expect(await fake.feed.statistics.connections == 2)
        await fake.feed.stop()
    }

    @Test("a silent socket gets the exchange's keepalive, then the watchdog reconnects", arguments: ExchangeScript.all)
    func silenceThenReconnect(script: ExchangeScript) async throws {
        let fake = try FeedOnSocket(script.exchange, path: script.path, pairs: [FeedOnSocket.btc])
        let (first, sent) = try await fake.start()
        _ = try await fake.next { $0 == .connection(.connected) }
        let configuration = ExchangeFeedConfiguration()
        if let keepalive = script.exchange.adapterType.keepaliveMessage {
            await fake.clock.advance(by: configuration.keepaliveAfter, afterSleepers: 1)
            #expect(await first.nextMessage(timeout: .seconds(20))?.text == keepalive)
            await fake.clock.advance(by: configuration.watchdogTimeout - configuration.keepaliveAfter, afterSleepers: 1)
        } else {
            await fake.clock.advance(by: configuration.watchdogTimeout, afterSleepers: 1)
        }
        #expect(try await fake.reconnect() == .silence)
        let (_, again) = try await fake.nextConnection()
        #expect(again == sent)
        await fake.feed.stop()
    }

    @Test("a refused pair is reported, not subscribed again, and the others go on", arguments: ExchangeScript.all.filter { $0.refusal != nil })
    func refusedPair(script: ExchangeScript) async throws {
        let fake = try FeedOnSocket(script.exchange, path: script.path, pairs: [FeedOnSocket.btc, FeedOnSocket.nope])
        let (first, _) = try await fake.start()
        first.send(text: try #require(script.refusal))
        let event = try await fake.next { if case .message(.notListed) = $0 { true } else { false } }
        guard case .message(.notListed(let pair, _, _)) = event else { return }
        #expect(pair == FeedOnSocket.nope)
        #expect(await fake.feed.refused == [FeedOnSocket.nope])
        first.send(text: script.ack)
        first.send(text: script.quote)
        _ = try await fake.next { if case .message(.quote) = $0 { true } else { false } }
        first.closeTCP()
        _ = try await fake.reconnect()
        let (_, again) = try await fake.nextConnection()
        #expect(again == script.exchange.adapterType.subscribeMessages(for: [FeedOnSocket.btc]))
        await fake.feed.stop()
    }

    @Test("when the only pair is refused the feed ends: there is nothing to wait for", arguments: ExchangeScript.all.filter { $0.refusal != nil })
    func everythingRefused(script: ExchangeScript) async throws {
        let fake = try FeedOnSocket(script.exchange, path: script.path, pairs: [FeedOnSocket.nope])
        let (first, _) = try await fake.start()
        first.send(text: try #require(script.refusal))
        _ = try await fake.next { if case .message(.notListed) = $0 { true } else { false } }
        #expect(await fake.ends())
        #expect(await fake.feed.statistics.reconnects == 0)
    }

    @Test("the exchange asking for a new connection gets one at once, subscribed again")
    func requestedReconnect() async throws {
        let requests: [(Exchange, String, String)] = [
            (.bitstamp, "/", #"{"event":"bts:request_reconnect","channel":"","data":""}"#),
            (.bitfinex, "/ws/2", #"{"event":"info","code":20051,"msg":"Stopping. Please try to reconnect"}"#),
            (
                .kraken, "/v2",
                #"{"channel": "status", "data": [{"api_version": "v2", "system": "maintenance", "version": "2.0.x"}], "type": "update"}"#
            ),
        ]
        for (exchange, path, request) in requests {
            let fake = try FeedOnSocket(exchange, path: path, pairs: [FeedOnSocket.btc])
            let (first, sent) = try await fake.start()
            first.send(text: request)
            #expect(try await fake.reconnect() == .forceDisconnect, "\(exchange)")
            #expect(await first.nextClose() != nil, "\(exchange) closes the old socket")
            let (_, again) = try await fake.nextConnection()
            #expect(again == sent, "\(exchange)")
            await fake.feed.stop()
        }
    }

    @Test("Bitfinex's end of maintenance is answered by subscribing every channel again on the same socket")
    func bitfinexMaintenanceEnded() async throws {
        let fake = try FeedOnSocket(.bitfinex, path: "/ws/2", pairs: [FeedOnSocket.btc])
        let (connection, sent) = try await fake.start()
        connection.send(text: #"{"event":"subscribed","channel":"ticker","chanId":103542,"symbol":"tBTCUSD","pair":"BTCUSD"}"#)
        connection.send(text: #"{"event":"info","code":20060,"msg":"Entering in Maintenance mode."}"#)
        _ = try await fake.next { $0 == .message(.maintenance(.started)) }
        connection.send(text: #"{"event":"info","code":20061,"msg":"Maintenance ended."}"#)
        _ = try await fake.next { $0 == .message(.maintenance(.ended)) }
        var resent: [String] = []
        while let message = await connection.nextMessage(timeout: .seconds(20))?.text {
            resent.append(message)
            if resent.last == sent.last { break }
        }
        #expect(resent.last == sent.last)
        #expect(await fake.feed.statistics.connections == 1)
        await fake.feed.stop()
    }

    @Test("an upgrade the exchange refuses ends the feed at once, with a reason in our words")
    func refusedUpgrade() async throws {
        let behavior = WebSocketServer.Behavior(upgrade: .reject(status: 403, body: "forbidden"))
        let fake = try FeedOnSocket(.coinbase, path: "/", pairs: [FeedOnSocket.btc], behavior: behavior)
        await fake.feed.start()
        let event = try await fake.next { if case .connection(.failed) = $0 { true } else { false } }
        guard case .connection(.failed(let reason)) = event else { return }
        #expect(reason.contains("401/403"))
        #expect(!reason.contains("forbidden"), "no wire text in our reason")
        #expect(await fake.ends())
    }

    @Test("Binance refusing the region (HTTP 451) ends its feed at once, says so in our words and names Binance.US")
    func regionRefused() async throws {
        let behavior = WebSocketServer.Behavior(
            upgrade: .reject(status: 451, body: #"{"code": 0,"msg": "Service unavailable from a restricted location"}"#))
        let fake = try FeedOnSocket(.binance, path: "/stream", pairs: [FeedOnSocket.btc], behavior: behavior)
        await fake.feed.start()
        let event = try await fake.next { if case .connection(.failed) = $0 { true } else { false } }
        guard case .connection(.failed(let reason)) = event else { return }
        #expect(reason == "not available from your region (HTTP 451); try binanceus (Binance.US) instead")
        #expect(await fake.ends())
        #expect(await fake.feed.statistics.reconnects == 0, "no retry: the region does not change")
    }

    @Test("an exchange that never answers is given up on after a few attempts, with the reason")
    func unreachable() async throws {
        // A port kept refusing: a stopped server's port can go to another test's listener.
        let closed = try #require(ClosedPort())
        let url = try #require(URL(string: "ws://127.0.0.1:\(closed.port)/v2"))
        let fake = try FeedOnSocket(.kraken, path: "/v2", pairs: [FeedOnSocket.btc], url: url)
        await fake.feed.start()
        let attempts = ExchangeFeedConfiguration().firstConnectAttempts
        for _ in 1..<attempts { #expect(try await fake.reconnect() == .connectFailed) }
        let event = try await fake.next { if case .connection(.failed) = $0 { true } else { false } }
        guard case .connection(.failed(let reason)) = event else { return }
        #expect(reason.hasPrefix("gave up after \(attempts) attempts: "))
        #expect(await fake.ends())
        withExtendedLifetime(closed) {}
    }
}
