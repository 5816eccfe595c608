import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Exchange feeds: Bitstamp")
struct BitstampFeedTests {
    private static func subscribe(_ channel: String) -> String {
        #"{"event":"bts:subscribe","data":{"channel":"\#(channel)"}}"#
    }

    @Test("Book and trades: an ack per channel, the current book, then books and trades with _str twins")
    func session() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .bitstamp, on: feeds, sending: [Self.subscribe("order_book_btcusd"), Self.subscribe("live_trades_btcusd")])
            #expect(try await probe.nextText() == #"{"event":"bts:subscription_succeeded","channel":"order_book_btcusd","data":{}}"#)
            let book = try await probe.nextJSON()
            #expect(book["event"] == .string("data") && book["channel"] == .string("order_book_btcusd"))
            let bids = try #require(book["data"]?["bids"]?.arrayElements)
            let asks = try #require(book["data"]?["asks"]?.arrayElements)
            #expect(bids.count == 10 && asks.count == 10)
            let bidPrices = bids.compactMap { $0.arrayElements?.first?.stringValue.flatMap(Double.init) }
            let askPrices = asks.compactMap { $0.arrayElements?.first?.stringValue.flatMap(Double.init) }
            #expect(bidPrices == bidPrices.sorted(by: >) && askPrices == askPrices.sorted() && (bidPrices.first ?? 0) < (askPrices.first ?? 0))
            #expect(book["data"]?["microtimestamp"]?.stringValue?.count == 16)
            #expect(try await probe.nextText() == #"{"event":"bts:subscription_succeeded","channel":"live_trades_btcusd","data":{}}"#)
            feeds.publishUpdates(12, on: .bitstamp)
            var trades: [JSONValue] = []
            var books = 0
            while books < 12 {
                let message = try await probe.nextJSON()
                if message["event"] == .string("trade") { trades.append(message) } else { books += 1 }
            }
            let trade = try #require(trades.last)
            #expect(trade["channel"] == .string("live_trades_btcusd"))
            let priceText = try #require(trade["data"]?["price_str"]?.stringValue)
            #expect(trade["data"]?["price"]?.numberText.flatMap(Double.init) == Double(priceText))
            #expect(trade["data"]?["amount_str"]?.stringValue?.split(separator: ".").last?.count == 8)
            try await probe.send(#"{"event":"bts:heartbeat"}"#)
            // The last update's trade may still come first.
            var answer = try await probe.nextText()
            while answer.contains(#""event":"trade""#) { answer = try await probe.nextText() }
            #expect(answer == #"{"event":"bts:heartbeat","channel":"","data":{"status":"success"}}"#)
        }
    }

    @Test("An unlisted lower-case symbol is acknowledged and then silent, as the real one does")
    func unlistedIsSilent() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(to: .bitstamp, on: feeds, sending: [Self.subscribe("order_book_dogeusd")])
            #expect(try await probe.nextJSON()["event"] == .string("bts:subscription_succeeded"))
            feeds.publishUpdates(3, on: .bitstamp)
            #expect(await probe.next(timeout: .milliseconds(300)) == nil)
        }
    }

    @Test("Bad frames get the recorded bts:error texts, and a frame over 512 bytes closes with 1009")
    func errors() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .bitstamp, on: feeds,
                sending: ["nope", #"{"event":"bts:subscribe","data":{}}"#, Self.subscribe("order_book_BTCUSD-PERP"), #"{"event":"bts:ping"}"#])
            for message in ["Incorrect JSON format.", "Bad subscription string.", "Invalid channel provided.", "Bad subscription string."] {
                #expect(try await probe.nextText() == #"{"event":"bts:error","channel":"","data":{"code":null,"message":"\#(message)"}}"#)
            }
            try await probe.send(Self.subscribe("order_book_" + String(repeating: "x", count: 600)))
            #expect(await probe.closeCode() == .messageTooBig)
        }
    }

    @Test("Maintenance: bts:request_reconnect, then a close")
    func requestReconnect() async throws {
        var options = ExchangeFeeds.Options.steered()
        options.reconnectGrace = .milliseconds(100)
        try await withExchanges(options) { feeds in
            let probe = try await StreamProbe.connect(to: .bitstamp, on: feeds, sending: [Self.subscribe("order_book_btcusd")])
            _ = try await probe.nextJSON()
            _ = try await probe.nextJSON()
            feeds.sendMaintenanceNotice(.bitstamp)
            #expect(try await probe.nextText() == #"{"event":"bts:request_reconnect","channel":"","data":""}"#)
            #expect(await probe.closeCode() == .goingAway)
        }
    }
}
