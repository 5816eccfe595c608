import Foundation
import LacriptaSimulator
import Testing

@Suite("Exchange feeds: Coinbase")
struct CoinbaseFeedTests {
    private static let subscribe = #"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}"#

    @Test("Subscribe: the subscriptions ack, a first ticker without trade fields, full tickers, heartbeats")
    func session() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(to: .coinbase, on: feeds, sending: [Self.subscribe])
            let ack = try await probe.nextJSON()
            #expect(ack["type"] == .string("subscriptions"))
            let channels = ack["channels"]?.arrayElements ?? []
            #expect(channels.compactMap { $0["name"]?.stringValue } == ["ticker", "heartbeat"])
            #expect(channels.allSatisfy { $0["product_ids"] == .array([.string("BTC-USD")]) && $0["account_ids"] == .null })
            let first = try await probe.nextJSON()
            #expect(first["type"] == .string("ticker") && first["product_id"] == .string("BTC-USD"))
            #expect(first["time"] == nil && first["trade_id"] == nil && first["last_size"] == nil && first["side"] == nil)
            feeds.publishUpdates(3, on: .coinbase)
            var last = first
            for _ in 0..<3 {
                last = try await probe.nextJSON()
                #expect(last["type"] == .string("ticker"))
                // Prices and sizes are strings, the trade id a number, the time RFC 3339 with µs.
                let bid = try #require(last["best_bid"]?.stringValue.flatMap(Double.init))
                let ask = try #require(last["best_ask"]?.stringValue.flatMap(Double.init))
                #expect(bid < ask && bid > 1000)
                #expect(last["last_size"]?.stringValue?.split(separator: ".").last?.count == 8)
                #expect(last["trade_id"]?.numberText != nil)
                #expect(last["time"]?.stringValue?.count == 27)
            }
            feeds.sendHeartbeats(.coinbase)
            let heartbeat = try await probe.nextJSON()
            #expect(heartbeat["type"] == .string("heartbeat") && heartbeat["product_id"] == .string("BTC-USD"))
            #expect(heartbeat["last_trade_id"] == last["trade_id"])
            #expect(feeds.clientMessages(.coinbase).map(\.text) == [Self.subscribe])
            let logged = try #require(feeds.lastQuote(.coinbase, try pair("BTC/USD")))
            #expect(logged.bid == last["best_bid"]?.stringValue && logged.ask == last["best_ask"]?.stringValue)
            #expect(logged.last == last["price"]?.stringValue && logged.lastSize == last["last_size"]?.stringValue)
            #expect(logged.bidSize == last["best_bid_size"]?.stringValue && logged.askSize == last["best_ask_size"]?.stringValue)
            await probe.close()
        }
    }

    @Test("An unknown product voids the whole subscribe with the recorded error shape")
    func unknownProduct() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .coinbase, on: feeds, sending: [#"{"type":"subscribe","product_ids":["BTC-USD","BTC-USDX"],"channels":["ticker"]}"#])
            #expect(try await probe.nextText() == #"{"type":"error","message":"Failed to subscribe","reason":"BTC-USDX is not a valid product"}"#)
            try await probe.send(#"{"type":"subscribe","product_ids":["BTC-USD"],"channels":[]}"#)
            #expect(try await probe.nextJSON()["reason"] == .string("No channels provided"))
            feeds.publishUpdates(2, on: .coinbase)
            #expect(await probe.next(timeout: .milliseconds(300)) == nil)
            #expect(feeds.connections(.coinbase).first?.pairs == [])
        }
    }

    @Test("A pair under the unlisted fault is refused the same way, and the others go on")
    func unlistedFault() async throws {
        try await withExchanges { feeds in
            feeds.setFaults([.unlisted(try pair("ETH/USD"))], for: .coinbase)
            let probe = try await StreamProbe.connect(
                to: .coinbase, on: feeds,
                sending: [
                    #"{"type":"subscribe","product_ids":["ETH-USD"],"channels":["ticker"]}"#,
                    #"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker"]}"#,
                ])
            #expect(try await probe.nextJSON()["reason"] == .string("ETH-USD is not a valid product"))
            #expect(try await probe.nextJSON()["type"] == .string("subscriptions"))
            #expect(try await probe.nextJSON()["product_id"] == .string("BTC-USD"))
        }
    }

    @Test("Heartbeats come on their own once a product is on the heartbeat channel")
    func timedHeartbeats() async throws {
        var options = ExchangeFeeds.Options.steered()
        options.heartbeatIntervals = [.coinbase: .milliseconds(50)]
        try await withExchanges(options) { feeds in
            let probe = try await StreamProbe.connect(to: .coinbase, on: feeds, sending: [Self.subscribe])
            _ = try await probe.nextJSON()
            _ = try await probe.nextJSON()
            #expect(try await probe.nextJSON()["type"] == .string("heartbeat"))
            #expect(try await probe.nextJSON()["type"] == .string("heartbeat"))
        }
    }
}
