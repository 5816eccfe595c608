import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Exchange feeds: Kraken")
struct KrakenFeedTests {
    private static func subscribe(_ symbols: [String], requestID: Int = 1) -> String {
        let list = symbols.map { "\"\($0)\"" }.joined(separator: ",")
        return
            #"{"method":"subscribe","params":{"channel":"ticker","symbol":[\#(list)],"event_trigger":"bbo","snapshot":true},"req_id":\#(requestID)}"#
    }

    @Test("Status on connect; per symbol an ack and a snapshot; updates as JSON numbers; heartbeat; ping answered")
    func session() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(to: .kraken, on: feeds)
            let status = try await probe.nextJSON()
            #expect(status["channel"] == .string("status") && status["type"] == .string("update"))
            #expect(status["data"]?.arrayElements?.first?["system"] == .string("online"))
            try await probe.send(Self.subscribe(["BTC/USD", "ETH/USD"], requestID: 7))
            for symbol in ["BTC/USD", "ETH/USD"] {
                let ack = try await probe.nextJSON()
                #expect(ack["method"] == .string("subscribe") && ack["success"] == .bool(true) && ack["req_id"] == .number("7"))
                #expect(ack["result"]?["symbol"] == .string(symbol) && ack["result"]?["event_trigger"] == .string("bbo"))
                let snapshot = try await probe.nextJSON()
                #expect(snapshot["channel"] == .string("ticker") && snapshot["type"] == .string("snapshot"))
                #expect(snapshot["data"]?.arrayElements?.first?["symbol"] == .string(symbol))
            }
            feeds.publishUpdates(2, on: .kraken)
            var symbols: [String] = []
            for _ in 0..<2 {
                let update = try await probe.nextJSON()
                #expect(update["type"] == .string("update"))
                let entry = try #require(update["data"]?.arrayElements?.first)
                symbols += [entry["symbol"]?.stringValue ?? ""]
                // Numbers, not strings; BTC priced in tenths with the trailing zero kept.
                let bid = try #require(entry["bid"]?.numberText)
                let ask = try #require(entry["ask"]?.numberText)
                #expect(try #require(Double(bid)) < Double(ask) ?? 0)
                if entry["symbol"] == .string("BTC/USD") { #expect(bid.split(separator: ".").last?.count == 1) }
                #expect(entry["bid_qty"]?.numberText != nil && entry["last"]?.numberText != nil && entry["timestamp"]?.stringValue != nil)
            }
            #expect(symbols.sorted() == ["BTC/USD", "ETH/USD"])
            feeds.sendHeartbeats(.kraken)
            #expect(try await probe.nextText() == #"{"channel":"heartbeat"}"#)
            try await probe.send(#"{"method":"ping","req_id":101}"#)
            let pong = try await probe.nextJSON()
            #expect(pong["method"] == .string("pong") && pong["req_id"] == .number("101") && pong["time_in"] != nil)
        }
    }

    @Test("An unknown or v1-spelled pair is refused: Currency pair not supported, success false")
    func unknownPair() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(to: .kraken, on: feeds, sending: [Self.subscribe(["XBT/EUR"])])
            _ = try await probe.nextJSON()
            let refusal = try await probe.nextJSON()
            #expect(refusal["error"] == .string("Currency pair not supported XBT/EUR"))
            #expect(refusal["success"] == .bool(false) && refusal["symbol"] == .string("XBT/EUR") && refusal["method"] == .string("subscribe"))
        }
    }

    @Test("The heartbeat comes by itself after a quiet interval, once subscribed")
    func timedHeartbeat() async throws {
        var options = ExchangeFeeds.Options.steered()
        options.heartbeatIntervals = [.kraken: .milliseconds(50)]
        try await withExchanges(options) { feeds in
            let probe = try await StreamProbe.connect(to: .kraken, on: feeds, sending: [Self.subscribe(["BTC/USD"])])
            for _ in 0..<3 { _ = try await probe.nextJSON() }
            #expect(try await probe.nextText() == #"{"channel":"heartbeat"}"#)
        }
    }

    @Test("Maintenance: a status update with system maintenance, then a close (1001)")
    func maintenance() async throws {
        var options = ExchangeFeeds.Options.steered()
        options.reconnectGrace = .milliseconds(100)
        try await withExchanges(options) { feeds in
            let probe = try await StreamProbe.connect(to: .kraken, on: feeds, sending: [Self.subscribe(["BTC/USD"])])
            for _ in 0..<3 { _ = try await probe.nextJSON() }
            feeds.sendMaintenanceNotice(.kraken)
            let status = try await probe.nextJSON()
            #expect(status["channel"] == .string("status") && status["data"]?.arrayElements?.first?["system"] == .string("maintenance"))
            feeds.publishUpdates(2, on: .kraken)
            #expect(await probe.closeCode() == .goingAway)
        }
    }
}
