import Foundation
import LacriptaCore
import Testing

@Suite("Exchange comparison model")
struct ExchangeComparisonTests {
    let btc = ExchangeTest.pair("BTC/USD")
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    private func quote(_ exchange: Exchange, bid: String?, ask: String?, pair: TradingPair? = nil) -> ExchangeEvent {
        .quote(ExchangeQuote(exchange: exchange, pair: pair ?? btc, bid: bid.map(ExchangeTest.number), ask: ask.map(ExchangeTest.number)))
    }

    /// A comparison where every exchange connected at 1 s.
    private func connected(_ exchanges: [Exchange] = Exchange.allCases) -> ExchangeComparison {
        var comparison = ExchangeComparison(pair: btc, exchanges: exchanges, startedAt: start, staleAfter: .seconds(30))
        for exchange in exchanges { comparison.apply(.connected, for: exchange, at: at(1)) }
        return comparison
    }

    @Test("best bid and best ask come from different exchanges; the gap is ask minus bid")
    func bestPrices() {
        var comparison = connected()
        comparison.apply(quote(.coinbase, bid: "100.00", ask: "100.50"), from: .coinbase, at: at(2))
        comparison.apply(quote(.kraken, bid: "100.2", ask: "100.9"), from: .kraken, at: at(2))
        comparison.apply(quote(.bitstamp, bid: nil, ask: "100.40"), from: .bitstamp, at: at(2))
        let summary = comparison.summary(at: at(3))
        #expect(summary.bestBid == BestPrice(exchange: .kraken, price: ExchangeTest.number("100.2")))
        #expect(summary.bestAsk == BestPrice(exchange: .bitstamp, price: ExchangeTest.number("100.40")))
        #expect(abs((summary.gap ?? 0) - 0.2) < 1e-9)
        #expect(abs((summary.gapFraction ?? 0) - 0.2 / 100.3) < 1e-12)
        #expect(!summary.isCrossed)
        #expect(comparison.row(.kraken)?.state == .live)
    }

    @Test("one exchange bidding above another's ask is crossed; equal prices are only locked")
    func crossedAndLocked() {
        var comparison = connected([.coinbase, .kraken])
        comparison.apply(quote(.coinbase, bid: "99", ask: "100"), from: .coinbase, at: at(2))
        comparison.apply(quote(.kraken, bid: "100", ask: "101"), from: .kraken, at: at(2))
        #expect(comparison.summary(at: at(2)).gap == 0)
        #expect(!comparison.summary(at: at(2)).isCrossed)
        comparison.apply(quote(.kraken, bid: "100.5", ask: "101"), from: .kraken, at: at(3))
        let summary = comparison.summary(at: at(3))
        #expect(summary.isCrossed)
        #expect(summary.bestBid?.exchange == .kraken)
        #expect(summary.bestAsk?.exchange == .coinbase)
        // A single book showing bid above ask is flagged on its row, not as a cross-exchange market.
        comparison.apply(quote(.coinbase, bid: "102", ask: "101.5"), from: .coinbase, at: at(4))
        #expect(comparison.row(.coinbase)?.isSelfCrossed == true)
    }

    @Test("ties go to the exchange listed first")
    func ties() {
        var comparison = connected([.bitfinex, .coinbase])
        comparison.apply(quote(.coinbase, bid: "100", ask: "101"), from: .coinbase, at: at(2))
        comparison.apply(quote(.bitfinex, bid: "100.0", ask: "101.0"), from: .bitfinex, at: at(2))
        #expect(comparison.summary(at: at(2)).bestBid?.exchange == .bitfinex)
        #expect(comparison.summary(at: at(2)).bestAsk?.exchange == .bitfinex)
    }

    @Test("a quote older than staleAfter, or from before a lost connection, is stale and does not count")
    func stale() {
        var comparison = connected([.coinbase, .kraken, .bitstamp])
        comparison.apply(quote(.coinbase, bid: "100", ask: "101"), from: .coinbase, at: at(2))
        comparison.apply(quote(.kraken, bid: "99", ask: "100.5"), from: .kraken, at: at(20))
        comparison.apply(quote(.bitstamp, bid: "98", ask: "102"), from: .bitstamp, at: at(20))
        // A heartbeat proves the socket, not the price.
        comparison.apply(.heartbeat, from: .coinbase, at: at(31))
        #expect(comparison.staleExchanges(at: at(32.5)) == [.coinbase])
        #expect(comparison.summary(at: at(32.5)).bestBid?.exchange == .kraken)
        comparison.apply(.lost, for: .kraken, at: at(33))
        #expect(comparison.staleExchanges(at: at(33)) == [.coinbase, .kraken])
        #expect(comparison.row(.kraken)?.state == .reconnecting)
        #expect(comparison.summary(at: at(33)).bestBid?.exchange == .bitstamp)
        #expect(comparison.summary(at: at(60)) == ComparisonSummary())
    }

    @Test("an exchange that never connects is reported once the limit has passed, unless given up on")
    func neverConnected() {
        var comparison = ExchangeComparison(pair: btc, exchanges: [.coinbase, .kraken, .bitstamp, .bitfinex], startedAt: start)
        comparison.apply(.connected, for: .coinbase, at: at(1))
        comparison.apply(.failed(reason: "HTTP 451 at the upgrade"), for: .bitstamp, at: at(2))
        #expect(comparison.neverConnected(at: at(5), within: .seconds(10)).isEmpty)
        #expect(comparison.neverConnected(at: at(11), within: .seconds(10)) == [.kraken, .bitfinex])
        #expect(comparison.row(.bitstamp)?.state == .failed(reason: "HTTP 451 at the upgrade"))
        #expect(comparison.row(.kraken)?.state == .connecting)
        #expect(comparison.summary(at: at(11)).bestBid == nil)
    }

    @Test("acknowledged but silent (Bitstamp's unknown symbol) is waiting too long; a quote ends it")
    func silent() {
        var comparison = connected([.bitstamp])
        comparison.apply(.subscribed(btc), from: .bitstamp, at: at(1.2))
        #expect(comparison.row(.bitstamp)?.state == .subscribed)
        #expect(comparison.row(.bitstamp)?.isWaitingTooLong(at: at(10), within: .seconds(15)) == false)
        #expect(comparison.row(.bitstamp)?.isWaitingTooLong(at: at(17), within: .seconds(15)) == true)
        comparison.apply(quote(.bitstamp, bid: "1", ask: "2"), from: .bitstamp, at: at(18))
        #expect(comparison.row(.bitstamp)?.isWaitingTooLong(at: at(40), within: .seconds(15)) == false)
        #expect(comparison.row(.bitstamp)?.lastUpdate == at(18))
    }

    @Test("a refusal of the pair sticks across reconnects; errors and malformed frames are recorded")
    func refusalsAndErrors() {
        var comparison = connected([.coinbase, .kraken])
        comparison.apply(.notListed(pair: nil, symbol: "", message: "Failed to subscribe: is not a valid product"), from: .coinbase, at: at(2))
        comparison.apply(.connected, for: .coinbase, at: at(3))
        comparison.apply(.lost, for: .coinbase, at: at(4))
        #expect(comparison.row(.coinbase)?.state == .notListed)
        #expect(comparison.row(.coinbase)?.lastError == "Failed to subscribe: is not a valid product")
        // Another pair's refusal or quote is not this comparison's business.
        let eth = ExchangeTest.pair("ETH/USD")
        comparison.apply(.notListed(pair: eth, symbol: "ETH/USD", message: "no"), from: .kraken, at: at(2))
        comparison.apply(quote(.kraken, bid: "1", ask: "2", pair: eth), from: .kraken, at: at(2))
        #expect(comparison.row(.kraken)?.state == .connected)
        #expect(comparison.row(.kraken)?.quote == nil)
        comparison.apply(.error(message: "subscribe: limit"), from: .kraken, at: at(3))
        comparison.apply(.malformed, from: .kraken, at: at(3))
        #expect(comparison.row(.kraken)?.lastError == "subscribe: limit")
        #expect(comparison.row(.kraken)?.malformedCount == 1)
        #expect(comparison.row(.kraken)?.lastHeard == at(3))
    }

    @Test("maintenance pauses a row and its end waits for data again; reconnect requests mark it reconnecting")
    func maintenance() {
        var comparison = connected([.bitfinex, .bitstamp])
        comparison.apply(quote(.bitfinex, bid: "1", ask: "2"), from: .bitfinex, at: at(2))
        comparison.apply(.maintenance(.started), from: .bitfinex, at: at(3))
        #expect(comparison.row(.bitfinex)?.state == .maintenance)
        #expect(comparison.summary(at: at(3)).bestBid == nil)
        comparison.apply(.maintenance(.ended), from: .bitfinex, at: at(4))
        #expect(comparison.row(.bitfinex)?.state == .subscribed)
        comparison.apply(.reconnect(.requested), from: .bitstamp, at: at(5))
        #expect(comparison.row(.bitstamp)?.state == .reconnecting)
    }
}

/// What only the tests ask of a comparison: kept here, out of the product.
extension ExchangeComparison {
    /// The rows whose quote is stale at `now`.
    func staleExchanges(at now: Date) -> [Exchange] {
        rows.filter { $0.isStale(at: now, after: staleAfter) }.map(\.exchange)
    }
}

extension ExchangeComparisonRow {
    /// Whether this exchange's own quote has its bid at or above its ask (Bitstamp's docs warn a
    /// book frame may).
    var isSelfCrossed: Bool {
        guard let bid = quote?.bid?.value, let ask = quote?.ask?.value else { return false }
        return bid >= ask
    }
}
