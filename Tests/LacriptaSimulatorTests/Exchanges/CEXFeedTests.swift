import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Exchange feeds: CEX.IO")
struct CEXFeedTests {
    private static let subscribe = #"{"e":"order_book_subscribe","oid":"1_0_order_book_subscribe","data":{"pair":"BTC-USD"}}"#

    @Test("connected; the 20-level snapshot acknowledges; increments carry the next seqId and only changes; get_ticker; ping")
    func session() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(to: .cex, on: feeds, sending: [Self.subscribe])
            #expect(try await probe.nextText() == #"{"e":"connected"}"#)
            let snapshot = try await probe.nextJSON()
            #expect(snapshot["e"] == .string("order_book_subscribe") && snapshot["oid"] == .string("1_0_order_book_subscribe"))
            #expect(snapshot["data"]?["bids"]?.arrayElements?.count == 20 && snapshot["data"]?["asks"]?.arrayElements?.count == 20)
            #expect(snapshot["data"]?["timestamp"] == nil, "no time on book frames")
            let first = try #require(snapshot["data"]?["seqId"]?.doubleValue)
            feeds.publishUpdates(2, on: .cex)
            for step in 1...2 {
                let increment = try await probe.nextJSON()
                #expect(increment["e"] == .string("order_book_increment") && increment["data"]?["pair"] == .string("BTC-USD"))
                #expect(increment["data"]?["seqId"]?.doubleValue == first + Double(step))
            }
            try await probe.send(#"{"e":"get_ticker","oid":"0_0_get_ticker","data":{"pairs":["BTC-USD"]}}"#)
            let ticker = try await probe.nextJSON()
            let entry = try #require(ticker["data"]?["BTC-USD"])
            #expect(entry["last"] == entry["bestAsk"], "the indicative last moves with the book")
            try await probe.send(#"{"e":"ping"}"#)
            #expect(try await probe.nextText() == #"{"e":"pong"}"#)
        }
    }

    @Test("an unknown pair is only an error; a request without oid gets disconnected and the socket closes with 1000")
    func hygiene() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .cex, on: feeds,
                sending: [
                    #"{"e":"order_book_subscribe","oid":"1_0_x","data":{"pair":"btc-usd"}}"#,
                    #"{"e":"order_book_subscribe","data":{"pair":"BTC-USD"}}"#,
                ])
            _ = try await probe.nextText()
            #expect(
                try await probe.nextText() == #"{"e":"order_book_subscribe","oid":"1_0_x","data":{"error":"Currency pair btc-usd is not supported"}}"#
            )
            #expect(try await probe.nextText() == #"{"e":"disconnected"}"#)
            #expect(await probe.closeCode() == .normalClosure)
        }
    }

    @Test("gap:N skips a seqId before every Nth update")
    func gap() async throws {
        var options = ExchangeFeeds.Options.steered()
        options.faults = [ExchangeSetting(.gap(every: 2), for: .cex)]
        #expect(ExchangeFault(argument: "gap") == .gap(every: 5) && ExchangeFault(argument: "gap:0") == nil)
        try await withExchanges(options) { feeds in
            let probe = try await StreamProbe.connect(to: .cex, on: feeds, sending: [Self.subscribe])
            _ = try await probe.nextText()
            var previous = try #require(try await probe.nextJSON()["data"]?["seqId"]?.doubleValue)
            feeds.publishUpdates(4, on: .cex)
            var steps: [Double] = []
            for _ in 0..<4 {
                let sequence = try #require(try await probe.nextJSON()["data"]?["seqId"]?.doubleValue)
                steps.append(sequence - previous)
                previous = sequence
            }
            #expect(steps == [1, 1, 2, 1])
        }
    }
}
