import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing
import LacriptaTestSupport

@testable import LacriptaCLI

@Suite("Streamer events for the interactive view")
struct PriceFeedLiveSourceTests {
    private func change(_ members: String) throws -> PriceChange {
        let text = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"EUR","# + members + "}"
        guard case .update(let update) = StreamerMessage.parse(text) else { throw CancellationError() }
        var board = PriceBoard()
        guard let change = board.merge(update) else { throw CancellationError() }
        return change
    }

    @Test("a merged update becomes a quote with the day range and direction")
    func price() throws {
        let events = PriceFeedLiveSource.translate(
            .update(try change(#""FLAGS":2,"PRICE":2500.5,"OPENDAY":2600,"HIGHDAY":2650,"LOWDAY":2480,"LASTUPDATE":1700000000"#)))
        let expected = LiveQuote(
            pair: LivePair(symbol: "ETH", currency: "EUR"), price: 2500.5, direction: .down,
            lastTrade: Date(timeIntervalSince1970: 1_700_000_000), openDay: 2600, highDay: 2650, lowDay: 2480)
        #expect(events == [.price(expected)])
    }

    @Test("an update without any price yet shows nothing rather than a zero")
    func noPrice() throws {
        #expect(PriceFeedLiveSource.translate(.update(try change(#""FLAGS":4,"VOLUMEDAY":3"#))).isEmpty)
    }

    @Test("connection states and refused pairs reach the status bar")
    func states() throws {
        #expect(PriceFeedLiveSource.translate(.state(.live)) == [.state(.live)])
        #expect(
            PriceFeedLiveSource.translate(.state(.reconnecting(attempt: 2, nextIn: .seconds(7), reason: .connectionLost)))
                == [.state(.reconnecting(attempt: 2, nextIn: .seconds(7)))])
        #expect(PriceFeedLiveSource.translate(.state(.stale(age: .seconds(70)))) == [.state(.stale(age: .seconds(70)))])
        let foo = try #require(Subscription.aggregate(from: "FOO", to: "USD"))
        let invalid = InvalidSubscription(parameter: "5~CCCAGG~FOO~USD", subscription: foo, info: "no")
        #expect(PriceFeedLiveSource.translate(.invalidSubscription(invalid)) == [.unavailable(LivePair(symbol: "FOO", currency: "USD"))])
        #expect(PriceFeedLiveSource.translate(.loadComplete).isEmpty)
    }
}
