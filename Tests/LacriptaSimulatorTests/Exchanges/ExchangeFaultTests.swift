import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Exchange feeds: faults")
struct ExchangeFaultTests {
    private static func options(_ fault: ExchangeFault, on exchange: SimulatedExchange) -> ExchangeFeeds.Options {
        var options = ExchangeFeeds.Options.steered()
        options.faults = [ExchangeSetting(fault, for: exchange)]
        options.reconnectGrace = .milliseconds(100)
        return options
    }

    @Test("drop:N: N messages arrive, then TCP closes without a WebSocket Close", arguments: SimulatedExchange.allCases)
    func drop(exchange: SimulatedExchange) async throws {
        try await withExchanges(Self.options(.drop(afterMessages: 6), on: exchange)) { feeds in
            let probe = try await StreamProbe.subscribed(to: exchange, on: feeds)
            feeds.publishUpdates(10, on: exchange)
            var received = subscription(on: exchange).preamble
            while case .message? = await probe.next() { received += 1 }
            #expect(received == 6)
            #expect(await feeds.waitForConnections(exchange) { $0.isEmpty })
        }
    }

    @Test("A drop on demand ends the stream without a Close; a new connection is served again")
    func dropOnDemand() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.subscribed(to: .kraken, on: feeds)
            feeds.dropConnections(.kraken)
            #expect(await probe.endedWithoutClose())
            let again = try await StreamProbe.subscribed(to: .kraken, on: feeds)
            feeds.publishUpdates(1, on: .kraken)
            #expect(try await again.nextJSON()["type"] == .string("update"))
        }
    }

    @Test("silence:N: after N messages nothing, not even heartbeats; the socket stays open", arguments: SimulatedExchange.allCases)
    func silence(exchange: SimulatedExchange) async throws {
        let preamble = subscription(on: exchange).preamble
        try await withExchanges(Self.options(.silence(afterMessages: preamble), on: exchange)) { feeds in
            let probe = try await StreamProbe.subscribed(to: exchange, on: feeds)
            feeds.publishUpdates(3, on: exchange)
            feeds.sendHeartbeats(exchange)
            #expect(await probe.next(timeout: .milliseconds(300)) == nil)
            #expect(feeds.connections(exchange).map(\.state) == [.silent])
        }
    }

    @Test("maintenance:N: the exchange's notice after N messages, then a close 1001", arguments: SimulatedExchange.allCases)
    func maintenance(exchange: SimulatedExchange) async throws {
        let preamble = subscription(on: exchange).preamble
        try await withExchanges(Self.options(.maintenance(afterMessages: preamble + 1), on: exchange)) { feeds in
            let probe = try await StreamProbe.subscribed(to: exchange, on: feeds)
            feeds.publishUpdates(1, on: exchange)
            _ = try await probe.nextText()
            // Coinbase and Gemini announce nothing: the close is all.
            if ![SimulatedExchange.coinbase, .gemini].contains(exchange) {
                let notice = try await probe.nextJSON()
                let shapes: [SimulatedExchange: Bool] = [
                    .kraken: notice["data"]?.arrayElements?.first?["system"] == .string("maintenance"),
                    .bitstamp: notice["event"] == .string("bts:request_reconnect"),
                    .bitfinex: notice["code"] == .number("20051"),
                    .binance: notice["e"] == .string("serverShutdown"),
                    .binanceus: notice["e"] == .string("serverShutdown"),
                    .okx: notice["event"] == .string("notice") && notice["code"] == .string("64008"),
                    .cex: notice["e"] == .string("disconnected"),
                ]
                #expect(shapes[exchange] == true)
            }
            feeds.publishUpdates(2, on: exchange)
            #expect(await probe.closeCode() == .goingAway)
        }
    }

    @Test("malformed:N: every Nth update is preceded by half of it, which no JSON parser accepts", arguments: SimulatedExchange.allCases)
    func malformed(exchange: SimulatedExchange) async throws {
        try await withExchanges(Self.options(.malformed(every: 2), on: exchange)) { feeds in
            let probe = try await StreamProbe.subscribed(to: exchange, on: feeds)
            feeds.publishUpdates(4, on: exchange)
            var broken: [String] = []
            var parsed = 0
            while parsed < 4 {
                let text = try await probe.nextText()
                // One message per update counts: Bitstamp's trades and Binance's tickers come beside it.
                if (try? JSONParser.parse(text)) == nil {
                    broken.append(text)
                } else if !text.contains("live_trades"), !text.contains("24hrTicker") {
                    parsed += 1
                }
            }
            #expect(broken.count == 2)
        }
    }

    @Test("Faults switched at run time: drop:0 closes the open sockets at once; clearing them serves again")
    func runtimeSwitch() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.subscribed(to: .bitfinex, on: feeds)
            let other = try await StreamProbe.subscribed(to: .coinbase, on: feeds)
            feeds.setFaults([.drop(afterMessages: 0)], for: .bitfinex)
            #expect(feeds.faults(for: .bitfinex) == [.drop(afterMessages: 0)])
            #expect(await probe.endedWithoutClose())
            feeds.publishUpdates(1, on: .coinbase)
            #expect(try await other.nextJSON()["type"] == .string("ticker"))
            feeds.setFaults([], for: .bitfinex)
            let again = try await StreamProbe.subscribed(to: .bitfinex, on: feeds)
            feeds.publishUpdates(1, on: .bitfinex)
            #expect(try await again.nextJSON().arrayElements?.count == 2)
        }
    }
}
