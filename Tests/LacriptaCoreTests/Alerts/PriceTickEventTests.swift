import Foundation
import Testing

@testable import LacriptaCore

/// What live prices' events mean for `alert watch`, whichever market sends them: prices become
/// ticks; refusals, failed connects and the first attempt of a reconnect become notices.
@Suite("Price ticks from live prices")
struct PriceTickEventTests {
    private let at = Date(timeIntervalSince1970: 1_795_514_400)

    /// The event an exchange's quote becomes once merged, as keyless live prices hand it on.
    private func merged(_ quote: ExchangeQuote) -> PriceFeedEvent? {
        var board = PriceBoard()
        return board.merge(quote.priceUpdate, receivedAt: .zero).map { .update($0) }
    }

    @Test("an exchange quote is a tick at its last price, else the middle of bid and ask; nothing without either")
    func exchangeQuotes() throws {
        let pair = try #require(TradingPair(base: "BTC", quote: "USD"))
        let last = ExchangeQuote(exchange: .coinbase, pair: pair, bid: QuoteNumber("99"), ask: QuoteNumber("101"), last: QuoteNumber("100.5"))
        #expect(
            try PriceTickEvent(#require(merged(last)), from: "Coinbase, else Kraken", at: at)
                == .tick(PriceTick(symbol: "BTC", currency: "USD", price: 100.5, at: at)))
        let book = ExchangeQuote(exchange: .coinbase, pair: pair, bid: QuoteNumber("99"), ask: QuoteNumber("101"))
        #expect(
            try PriceTickEvent(#require(merged(book)), from: "Coinbase, else Kraken", at: at)
                == .tick(PriceTick(symbol: "BTC", currency: "USD", price: 100, at: at)))
        let bidOnly = ExchangeQuote(exchange: .coinbase, pair: pair, bid: QuoteNumber("99"))
        if let event = merged(bidOnly) { #expect(PriceTickEvent(event, from: "Coinbase, else Kraken", at: at) == nil) }
    }

    @Test("a streamer update with a price is a tick; one without a new price is not")
    func streamerUpdates() throws {
        var snapshot = PriceSnapshot(pair: PairKey(market: "CCCAGG", from: "ETH", to: "EUR"))
        snapshot.fields[.price] = 2000.5
        let first = PriceChange(snapshot: snapshot, changed: PriceFieldSet(.price), direction: .up, isFirst: true)
        #expect(
            PriceTickEvent(.update(first), from: "the streamer", at: at) == .tick(PriceTick(symbol: "ETH", currency: "EUR", price: 2000.5, at: at)))
        let volumeOnly = PriceChange(snapshot: snapshot, changed: PriceFieldSet(.volumeDay), direction: .unchanged, isFirst: false)
        #expect(PriceTickEvent(.update(volumeOnly), from: "the streamer", at: at) == nil)
    }

    @Test("refusals name the market that refused; a failed connect names what could not be reached; one line per outage")
    func notices() {
        let streamerRefusal = InvalidSubscription(
            parameter: "5~CCCAGG~NOPE~USD", subscription: Subscription.aggregate(from: "NOPE", to: "USD"), info: "no data")
        #expect(
            PriceTickEvent(.invalidSubscription(streamerRefusal), from: "CryptoCompare's streamer", at: at)
                == .notice("NOPE/USD is not available on the streamer: no data"))
        let exchangeRefusal = InvalidSubscription(
            parameter: "NOPE/USD", subscription: Subscription(channel: Subscription.tickerChannel, market: "Coinbase", from: "NOPE", to: "USD"),
            info: "neither Coinbase nor Kraken lists it")
        #expect(
            PriceTickEvent(.invalidSubscription(exchangeRefusal), from: "Coinbase, else Kraken", at: at)
                == .notice("NOPE/USD is not available on Coinbase: neither Coinbase nor Kraken lists it"))
        #expect(
            PriceTickEvent(.connectFailed(source: "Coinbase", reason: "HTTP 451 at the upgrade"), from: "Coinbase, else Kraken", at: at)
                == .notice("cannot connect to Coinbase: HTTP 451 at the upgrade; retrying"))
        let dropped = PriceFeedEvent.state(.reconnecting(attempt: 1, nextIn: .seconds(2), reason: .connectionLost))
        #expect(
            PriceTickEvent(dropped, from: "CryptoCompare's streamer", at: at)
                == .notice("CryptoCompare's streamer: the connection dropped; reconnecting in 2 s"))
        let again = PriceFeedEvent.state(.reconnecting(attempt: 2, nextIn: .seconds(4), reason: .connectionLost))
        #expect(PriceTickEvent(again, from: "CryptoCompare's streamer", at: at) == nil)
        let failedConnect = PriceFeedEvent.state(.reconnecting(attempt: 1, nextIn: .seconds(4), reason: .connectFailed))
        #expect(PriceTickEvent(failedConnect, from: "CryptoCompare's streamer", at: at) == nil, "the failed connect said it already")
    }
}
