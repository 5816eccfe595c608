import Foundation
import Testing

@testable import LacriptaCore

/// What each stream's events mean for `alert watch`: prices become ticks, refusals and reconnects
/// notices, and a feed that gives up an error.
@Suite("Price tick sources")
struct TickSourceTests {
    private let at = Date(timeIntervalSince1970: 1_795_514_400)
    private let btc = TradingPair(base: "BTC", quote: "USD")

    @Test("an exchange quote is a tick at its last price, else the middle of bid and ask; nothing without either")
    func exchangeQuotes() throws {
        let pair = try #require(btc)
        let last = ExchangeQuote(exchange: .coinbase, pair: pair, bid: QuoteNumber("99"), ask: QuoteNumber("101"), last: QuoteNumber("100.5"))
        #expect(
            ExchangeTickSource.event(for: .message(.quote(last)), exchange: .coinbase, at: at)
                == .event(.tick(PriceTick(symbol: "BTC", currency: "USD", price: 100.5, at: at))))
        let book = ExchangeQuote(exchange: .coinbase, pair: pair, bid: QuoteNumber("99"), ask: QuoteNumber("101"))
        #expect(
            ExchangeTickSource.event(for: .message(.quote(book)), exchange: .coinbase, at: at)
                == .event(.tick(PriceTick(symbol: "BTC", currency: "USD", price: 100, at: at))))
        let bidOnly = ExchangeQuote(exchange: .coinbase, pair: pair, bid: QuoteNumber("99"))
        #expect(ExchangeTickSource.event(for: .message(.quote(bidOnly)), exchange: .coinbase, at: at) == nil)
    }

    @Test("an unlisted pair and a reconnect are notices; a feed that gives up ends the stream with a 69")
    func exchangeNotices() throws {
        let nope = TradingPair(base: "NOPE", quote: "USD")
        #expect(
            ExchangeTickSource.event(for: .message(.notListed(pair: nope, symbol: "NOPE-USD", message: "x")), exchange: .coinbase, at: at)
                == .event(.notice("NOPE/USD is not listed on Coinbase")))
        #expect(
            ExchangeTickSource.event(for: .reconnecting(attempt: 1, nextIn: .seconds(4), reason: .connectionLost), exchange: .kraken, at: at)
                == .event(.notice("Kraken: connection lost; reconnecting in 4 s")))
        guard
            case .end(let error) = ExchangeTickSource.event(for: .connection(.failed(reason: "HTTP 451 at the upgrade")), exchange: .coinbase, at: at)
        else {
            Issue.record("a failed feed did not end the stream")
            return
        }
        #expect(error.exitCode == .unavailable)
        #expect(error.userMessage.contains("cannot stream from Coinbase: HTTP 451 at the upgrade"))
        #expect(error.userMessage.contains("LACRIPTA_COINBASE_URL"))
    }

    @Test("a streamer update with a price is a tick; one without a new price is not; a refused pair is a notice")
    func streamerEvents() throws {
        let pair = PairKey(market: "CCCAGG", from: "ETH", to: "EUR")
        var snapshot = PriceSnapshot(pair: pair)
        snapshot.fields[.price] = 2000.5
        let first = PriceChange(snapshot: snapshot, changed: PriceFieldSet(.price), direction: .up, isFirst: true)
        #expect(
            PriceFeedTickSource.event(for: .update(first), at: at) == .tick(PriceTick(symbol: "ETH", currency: "EUR", price: 2000.5, at: at)))
        let volumeOnly = PriceChange(snapshot: snapshot, changed: PriceFieldSet(.volumeDay), direction: .unchanged, isFirst: false)
        #expect(PriceFeedTickSource.event(for: .update(volumeOnly), at: at) == nil)
        let dropped = PriceFeedEvent.state(.reconnecting(attempt: 1, nextIn: .seconds(2), reason: .connectionLost))
        #expect(PriceFeedTickSource.event(for: dropped, at: at) == .notice("the connection to the streamer dropped; reconnecting in 2 s"))
        #expect(PriceFeedTickSource.event(for: .state(.reconnecting(attempt: 2, nextIn: .seconds(4), reason: .connectionLost)), at: at) == nil)
        let refused = InvalidSubscription(
            parameter: "5~CCCAGG~NOPE~USD", subscription: Subscription.aggregate(from: "NOPE", to: "USD"), info: "no data")
        #expect(
            PriceFeedTickSource.event(for: .invalidSubscription(refused), at: at) == .notice("NOPE/USD is not available on the streamer: no data"))
    }
}
