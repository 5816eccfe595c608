import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Exchange feeds: Bitfinex")
struct BitfinexFeedTests {
    private static func subscribe(_ symbol: String) -> String {
        #"{"event":"subscribe","channel":"ticker","symbol":"\#(symbol)"}"#
    }

    @Test("info on connect; subscribed with a chanId; a snapshot array; updates; hb on the channel; ping answered")
    func session() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(to: .bitfinex, on: feeds)
            let info = try await probe.nextJSON()
            #expect(info["event"] == .string("info") && info["version"] == .number("2") && info["platform"]?["status"] == .number("1"))
            try await probe.send(Self.subscribe("tBTCUSD"))
            let ack = try await probe.nextJSON()
            #expect(ack["event"] == .string("subscribed") && ack["channel"] == .string("ticker"))
            #expect(ack["symbol"] == .string("tBTCUSD") && ack["pair"] == .string("BTCUSD"))
            let channel = try #require(ack["chanId"])
            for index in 0..<3 {
                // The snapshot first, then an update asked for each time.
                if index > 0 { feeds.publishUpdates(1, on: .bitfinex) }
                let ticker = try await probe.nextJSON()
                let elements = try #require(ticker.arrayElements)
                #expect(elements.count == 2 && elements[0] == channel)
                let figures = try #require(elements[1].arrayElements)
                #expect(figures.count == 11 && figures[10] == .null)
                // Five significant digits at BTC's price: whole dollars, no point.
                let bid = try #require(figures[0].numberText)
                #expect(!bid.contains(".") && (Double(bid) ?? 0) < (figures[2].numberText.flatMap(Double.init) ?? 0))
            }
            feeds.sendHeartbeats(.bitfinex)
            #expect(try await probe.nextJSON() == .array([channel, .string("hb")]))
            try await probe.send(#"{"event":"ping","cid":1234}"#)
            let pong = try await probe.nextJSON()
            #expect(pong["event"] == .string("pong") && pong["cid"] == .number("1234") && pong["ts"] != nil)
            try await probe.send(Self.subscribe("tBTCUSD"))
            #expect(try await probe.nextJSON()["code"] == .number("10301"))
        }
    }

    @Test(
        "An unknown pair, and SOL/EUR which Bitfinex does not list, get symbol: invalid (10300)",
        arguments: ["tNOPEUSD", "tSOL:EUR"])
    func unknownSymbol(symbol: String) async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(to: .bitfinex, on: feeds, sending: [Self.subscribe(symbol)])
            _ = try await probe.nextJSON()
            let refusal = try await probe.nextJSON()
            #expect(refusal["event"] == .string("error") && refusal["msg"] == .string("symbol: invalid") && refusal["code"] == .number("10300"))
            #expect(refusal["symbol"] == .string(symbol))
        }
    }

    @Test("Non-JSON text gets no reply; the 15-second hb comes by itself on each channel")
    func quietChannel() async throws {
        var options = ExchangeFeeds.Options.steered()
        options.heartbeatIntervals = [.bitfinex: .milliseconds(50)]
        try await withExchanges(options) { feeds in
            let probe = try await StreamProbe.connect(to: .bitfinex, on: feeds, sending: ["hello", Self.subscribe("tETHUSD")])
            _ = try await probe.nextJSON()
            #expect(try await probe.nextJSON()["event"] == .string("subscribed"))
            _ = try await probe.nextJSON()
            #expect(try await probe.nextJSON().arrayElements?.last == .string("hb"))
        }
    }

    @Test("Maintenance: info 20051 Stopping. Please try to reconnect, then a close")
    func reconnectNotice() async throws {
        var options = ExchangeFeeds.Options.steered()
        options.reconnectGrace = .milliseconds(100)
        try await withExchanges(options) { feeds in
            let probe = try await StreamProbe.connect(to: .bitfinex, on: feeds)
            _ = try await probe.nextJSON()
            feeds.sendMaintenanceNotice(.bitfinex)
            #expect(try await probe.nextText() == #"{"event":"info","code":20051,"msg":"Stopping. Please try to reconnect"}"#)
            #expect(await probe.closeCode() == .goingAway)
        }
    }
}
