import Foundation
import LacriptaNet
import LacriptaWebSocket

/// One exchange's public feed as a `PriceTickSource`, for `alert watch` without a key: one
/// `ExchangeFeed` connection for every pair, each quote handed on as a tick at its last trade
/// price, or the middle of bid and ask when the message carried no trade. A pair the exchange does
/// not list and a reconnect become notices; a feed that gives up ends the stream with a
/// `LacriptaError` (69).
public struct ExchangeTickSource: PriceTickSource {
    public var name: String { exchange.name }

    let exchange: Exchange
    let url: URL
    let client: any WebSocketClient
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date

    /// A source reading `exchange` at `url` (the configured feed URL).
    public init(
        exchange: Exchange, url: URL, client: any WebSocketClient, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.exchange = exchange
        self.url = url
        self.client = client
        self.clock = clock
        self.now = now
    }

    public func ticks(for pairs: [TickPair]) -> AsyncThrowingStream<PriceTickEvent, any Error> {
        let feed = ExchangeFeed(
            exchange: exchange, url: url, pairs: pairs.compactMap { TradingPair(base: $0.symbol, quote: $0.currency) }, client: client,
            // Every quote: a crossing that lasted less than a frame is still a crossing.
            clock: clock, keeping: .everything)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: PriceTickEvent.self)
        let now = self.now
        let exchange = self.exchange
        let task = Task {
            await feed.start()
            do {
                for try await batch in feed.events {
                    let at = now()
                    for event in batch {
                        switch Self.event(for: event, exchange: exchange, at: at) {
                        case .event(let tick): continuation.yield(tick)
                        case .end(let error): continuation.finish(throwing: error)
                        case nil: break
                        }
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            Task { await feed.stop() }
        }
        return stream
    }

    /// What one feed event means for the watch.
    enum Meaning: Equatable {
        /// A tick or a notice.
        case event(PriceTickEvent)
        /// The feed gave up.
        case end(LacriptaError)
    }

    /// The tick, notice or end one feed event means, if any.
    static func event(for event: ExchangeFeedEvent, exchange: Exchange, at time: Date) -> Meaning? {
        switch event {
        case .message(.quote(let quote)):
            let middle = quote.bid.flatMap { bid in quote.ask.map { (bid.value + $0.value) / 2 } }
            guard let price = quote.last?.value ?? middle else { return nil }
            return .event(.tick(PriceTick(symbol: quote.pair.base, currency: quote.pair.quote, price: price, at: time)))
        case .message(.notListed(let pair, let symbol, _)):
            return .event(.notice("\(pair?.description ?? symbol) is not listed on \(exchange.name)"))
        case .reconnecting(_, let nextIn, _):
            return .event(.notice("\(exchange.name): connection lost; reconnecting in \(nextIn.components.seconds) s"))
        case .connection(.failed(let reason)):
            let setting = exchange.urlSetting.environmentKey?.rawValue ?? exchange.urlSetting.rawValue
            return .end(.refused("cannot stream from \(exchange.name): \(reason); check the network, or \(setting) if you changed it"))
        default:
            return nil
        }
    }
}
