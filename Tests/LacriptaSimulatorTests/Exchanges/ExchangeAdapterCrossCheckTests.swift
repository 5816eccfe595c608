import Foundation
import LacriptaCore
import LacriptaSimulator
import Testing

/// The simulator writes its own JSON and the client parses with its own adapters; here the two
/// meet: everything the simulated exchanges send must mean to `Exchange.adapter(for:)` what the
/// simulator meant, down to the digits of every figure.
@Suite("Exchange feeds read by the client's adapters")
struct ExchangeAdapterCrossCheckTests {
    /// BTC in the exchange's dollar (USDT on Binance and OKX) and ETH in euros, else in USDT, else in USD.
    private func pairs(_ exchange: SimulatedExchange) -> [TradingPair] {
        let currencies = ExchangeListing.quoteCurrencies(of: exchange)
        return [
            TradingPair(base: "BTC", quote: ExchangeListing.dollar(on: exchange)),
            TradingPair(base: "ETH", quote: ["EUR", "USDT", "USD"].first(where: currencies.contains) ?? "USD"),
        ].compactMap { $0 }
    }

    @Test(
        "Every message is classified, none malformed but the injected ones; the last quotes are the log's, digit for digit",
        arguments: SimulatedExchange.allCases)
    func everyMessageIsRead(exchange: SimulatedExchange) async throws {
        var options = ExchangeFeeds.Options.steered()
        options.faults = [ExchangeSetting(.malformed(every: 10), for: exchange)]
        try await withExchanges(options) { feeds in
            let followed = pairs(exchange)
            let session = try await AdapterSession.open(exchange, pairs: followed, on: feeds)
            feeds.publishUpdates(40, on: exchange)
            feeds.sendHeartbeats(exchange)
            try await session.sendKeepalive()
            // Binance has no heartbeat message: its server's WebSocket pings are answered unseen.
            let beats = ![SimulatedExchange.binance, .binanceus].contains(exchange)
            try await session.read { events in
                (events.contains(.heartbeat) || !beats) && session.latestQuotesMatch(feeds.lastQuote)
            }
            #expect(session.events.filter { $0 == .malformed }.count == 4)
            #expect(Set(session.events.compactMap { if case .subscribed(let pair) = $0 { pair } else { nil } }) == Set(followed))
            #expect(session.quotes.count >= 40)
            for quote in session.quotes {
                let (bid, ask) = (try #require(quote.bid?.value), try #require(quote.ask?.value))
                #expect(bid < ask && ask < bid * 1.01)
            }
        }
    }

    @Test("The exchanges quote BTC in dollars within a realistic band of each other (USD and USDT apart), each with a positive spread")
    func realisticBand() async throws {
        try await withExchanges { feeds in
            var sessions: [AdapterSession] = []
            for exchange in SimulatedExchange.allCases {
                let btc = [TradingPair(base: "BTC", quote: ExchangeListing.dollar(on: exchange))].compactMap { $0 }
                sessions.append(try await AdapterSession.open(exchange, pairs: btc, on: feeds))
            }
            feeds.publishUpdates(50)
            var mids: [String: [Double]] = [:]
            for session in sessions {
                try await session.read { _ in session.latestQuotesMatch(feeds.lastQuote) }
                let quote = try #require(session.quotes.last)
                let (bid, ask) = (try #require(quote.bid?.value), try #require(quote.ask?.value))
                #expect(bid < ask)
                #expect((ask - bid) / bid < 0.001)
                // USDT is its own market: its price walks apart from USD's.
                mids[quote.pair.quote, default: []].append((bid + ask) / 2)
            }
            for (_, prices) in mids {
                let (low, high) = (try #require(prices.min()), try #require(prices.max()))
                #expect(high / low < 1.002)
                #expect(low > 1000)
            }
        }
    }

    @Test("On their own timers (market moving with the clock, heartbeats on) the four feeds stay readable")
    func ownTimers() async throws {
        var options = ExchangeFeeds.Options(seed: 11)
        options.rates = [ExchangeSetting(40)]
        options.heartbeatIntervals = [.coinbase: .milliseconds(100), .kraken: .milliseconds(100), .bitfinex: .milliseconds(100)]
        try await withExchanges(options) { feeds in
            for exchange in SimulatedExchange.allCases {
                let session = try await AdapterSession.open(exchange, pairs: pairs(exchange), on: feeds)
                // Bitstamp and Binance beat with WebSocket pings, Kraken only when quiet; OKX and CEX.IO not at all.
                try await session.read { events in
                    events.filter { if case .quote = $0 { true } else { false } }.count >= 30
                        && ([.bitstamp, .kraken, .binance, .binanceus, .okx, .gemini, .cex].contains(exchange) || events.contains(.heartbeat))
                }
                #expect(!session.events.contains(.malformed), "\(exchange)")
                await session.probe.close()
            }
        }
    }

    @Test(
        "A pair an exchange does not list reads as not listed (Bitstamp: acknowledged, then no quote)",
        arguments: [
            (SimulatedExchange.coinbase, "FOO/USD"), (.kraken, "FOO/USD"), (.bitfinex, "FOO/USD"), (.bitfinex, "SOL/EUR"), (.bitstamp, "DOGE/USD"),
            (.binance, "BTC/USD"), (.okx, "BTC/USD"), (.gemini, "BTC/USDT"), (.cex, "FOO/USD"),
        ])
    func notListed(exchange: SimulatedExchange, pairText: String) async throws {
        try await withExchanges { feeds in
            let unlisted = try #require(TradingPair(pairText))
            let session = try await AdapterSession.open(exchange, pairs: [unlisted], on: feeds, awaitQuotes: false)
            if exchange == .bitstamp {
                // One ack per channel (book and trades), and then nothing.
                try await session.read { $0.filter { $0 == .subscribed(unlisted) }.count == 2 }
                feeds.publishUpdates(3, on: exchange)
                #expect(await session.probe.next(timeout: .milliseconds(300)) == nil)
            } else if exchange == .binance {
                // Binance acknowledges a stream of a symbol it does not list, and then sends nothing.
                try await session.read { $0.contains(.subscribed(unlisted)) }
                feeds.publishUpdates(3, on: exchange)
                #expect(await session.probe.next(timeout: .milliseconds(300)) == nil)
            } else {
                try await session.read { events in events.contains { if case .notListed(let pair, _, _) = $0 { pair == unlisted } else { false } } }
            }
            #expect(session.quotes.isEmpty && !session.events.contains(.malformed))
        }
    }

    @Test(
        "The maintenance notices read as reconnect requests",
        arguments: [
            (SimulatedExchange.kraken, ReconnectReason.maintenance), (.bitstamp, .requested), (.bitfinex, .requested), (.binance, .requested),
            (.okx, .maintenance), (.cex, .requested),
        ])
    func maintenanceNotices(exchange: SimulatedExchange, reason: ReconnectReason) async throws {
        try await withExchanges { feeds in
            let session = try await AdapterSession.open(exchange, pairs: pairs(exchange), on: feeds)
            feeds.sendMaintenanceNotice(exchange)
            try await session.read { $0.contains(.reconnect(reason)) }
            #expect(!session.events.contains(.malformed))
        }
    }
}

/// One client connection read through the client's adapter.
final class AdapterSession: @unchecked Sendable {
    // @unchecked: used by one test task at a time.
    let probe: StreamProbe
    private(set) var adapter: any ExchangeAdapter
    private(set) var events: [ExchangeEvent] = []
    let exchange: SimulatedExchange

    private init(probe: StreamProbe, adapter: any ExchangeAdapter, exchange: SimulatedExchange) {
        self.probe = probe
        self.adapter = adapter
        self.exchange = exchange
    }

    /// Connects, sends the adapter's subscribe messages, and waits until the simulator has
    /// handled them all and (with `awaitQuotes`) a quote of every pair has been read.
    static func open(
        _ exchange: SimulatedExchange, pairs: [TradingPair], on feeds: ExchangeFeeds, awaitQuotes: Bool = true
    ) async throws -> AdapterSession {
        let core = try #require(Exchange(rawValue: exchange.rawValue))
        let session = AdapterSession(
            probe: try await StreamProbe.connect(feeds.url(for: exchange)), adapter: core.adapter(for: pairs), exchange: exchange)
        let messages = session.adapter.subscribeMessages
        for text in messages { try await session.probe.send(text) }
        let received = await feeds.waitForConnections(exchange) { _ in feeds.clientMessages(exchange).count >= messages.count }
        #expect(received)
        if awaitQuotes {
            try await session.read { _ in Set(session.quotes.map(\.pair)) == Set(pairs) }
        }
        return session
    }

    /// The quotes read so far.
    var quotes: [ExchangeQuote] {
        events.compactMap { if case .quote(let quote) = $0 { quote } else { nil } }
    }

    /// Sends the adapter's application ping, if the exchange has one.
    func sendKeepalive() async throws {
        if let text = type(of: adapter).keepaliveMessage { try await probe.send(text) }
    }

    /// Reads messages until `done` holds; throws when the stream ends or nothing comes in time.
    func read(until done: ([ExchangeEvent]) -> Bool) async throws {
        while !done(events) {
            let text = try await probe.nextText()
            events += adapter.receive(text)
        }
    }

    /// Whether the latest quote read for every pair is the one the simulator logged last.
    func latestQuotesMatch(_ logged: (SimulatedExchange, ExchangePair) -> ExchangeSentQuote?) -> Bool {
        var latest: [TradingPair: ExchangeQuote] = [:]
        for quote in quotes { latest[quote.pair] = quote }
        return adapter.pairs.allSatisfy { pair in
            guard let quote = latest[pair], let simulated = ExchangePair(base: pair.base, quote: pair.quote), let sent = logged(exchange, simulated)
            else { return false }
            let timesAgree =
                switch (quote.exchangeTime, sent.time) {
                case (nil, nil): true
                case (let read?, let written?): abs(read - written) < 1e-6
                default: false
                }
            return quote.bid?.text == sent.bid && quote.bidSize?.text == sent.bidSize && quote.ask?.text == sent.ask
                && quote.askSize?.text == sent.askSize && quote.last?.text == sent.last && quote.lastSize?.text == sent.lastSize && timesAgree
        }
    }
}
