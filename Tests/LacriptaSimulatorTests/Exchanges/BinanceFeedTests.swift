import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Exchange feeds: Binance and Binance.US")
struct BinanceFeedTests {
    @Test("SUBSCRIBE is acknowledged with result null; bookTicker and 24hrTicker in the combined wrapper, prices padded to 8 decimals")
    func session() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .binance, on: feeds, sending: [#"{"method":"SUBSCRIBE","params":["btcusdt@bookTicker","btcusdt@ticker"],"id":7}"#])
            #expect(try await probe.nextText() == #"{"result":null,"id":7}"#)
            let book = try await probe.nextJSON()
            #expect(book["stream"] == .string("btcusdt@bookTicker"))
            let data = try #require(book["data"])
            #expect(data["s"] == .string("BTCUSDT") && data["e"] == nil && data["E"] == nil, "no event type, no time")
            let bid = try #require(data["b"]?.stringValue)
            #expect(bid.split(separator: ".").last?.count == 8)
            let ticker = try await probe.nextJSON()
            #expect(ticker["stream"] == .string("btcusdt@ticker") && ticker["data"]?["e"] == .string("24hrTicker"))
            #expect(ticker["data"]?["c"]?.stringValue != nil && ticker["data"]?["E"]?.doubleValue != nil)
        }
    }

    @Test("An unknown symbol is acknowledged and then silent; a bad id and text that is not JSON get the documented errors")
    func refusals() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .binance, on: feeds,
                sending: [#"{"method":"SUBSCRIBE","params":["btcusd@bookTicker"],"id":1}"#, #"{"method":"SUBSCRIBE","params":[],"id":"x"}"#, "nope"])
            #expect(try await probe.nextText() == #"{"result":null,"id":1}"#)
            #expect(try await probe.nextText() == #"{"code":2,"msg":"Invalid request: request ID must be an unsigned integer"}"#)
            #expect(try await probe.nextText() == #"{"code":3,"msg":"Invalid JSON: expected value at line 1 column 1"}"#)
            feeds.publishUpdates(2, on: .binance)
            #expect(await probe.next(timeout: .milliseconds(300)) == nil)
        }
    }

    @Test("restricted: the upgrade is refused with HTTP 451 and Binance's body; Binance.US still serves")
    func restricted() async throws {
        var options = ExchangeFeeds.Options.steered()
        options.faults = [ExchangeSetting(.restricted, for: .binance)]
        #expect(ExchangeFault(argument: "restricted") == .restricted && ExchangeFault(argument: "restricted:1") == nil)
        try await withExchanges(options) { feeds in
            await #expect(throws: (any Error).self) { _ = try await StreamProbe.connect(to: .binance, on: feeds) }
            let probe = try await StreamProbe.connect(
                to: .binanceus, on: feeds, sending: [#"{"method":"SUBSCRIBE","params":["btcusd@bookTicker"],"id":1}"#])
            #expect(try await probe.nextText() == #"{"result":null,"id":1}"#)
        }
    }
}
