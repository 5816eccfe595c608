import Foundation

/// Binance spot's public combined stream (`wss://stream.binance.com:9443/stream`): see
/// `BinanceReader` for the messages.
///
/// Binance pings with protocol frames every 20 s and wants the pong within a minute, which the
/// WebSocket client sends by itself; there is no application ping. It cuts every connection at
/// 24 hours, so the session is renewed a little before (`sessionLifetime`). From a restricted
/// region (the United States among them) the upgrade is refused with HTTP 451: the feed then
/// says "not available from your region" and suggests Binance.US (`Exchange.regionalAlternative`).
/// Binance quotes Bitcoin in USDT, not USD: follow `BTC/USDT` there.
public struct BinanceAdapter: ExchangeAdapter {
    public static let exchange = Exchange.binance
    public static let keepaliveMessage: String? = nil
    /// Renewed ten minutes before Binance's 24-hour cut.
    public static let sessionLifetime: Duration? = .seconds(24 * 3600 - 600)

    private var reader: BinanceReader
    public var pairs: [TradingPair] { reader.pairs }

    public init(pairs: [TradingPair]) {
        reader = BinanceReader(exchange: Self.exchange, pairs: pairs)
    }

    /// `btcusdt`.
    public static func symbol(for pair: TradingPair) -> String { BinanceReader.symbol(for: pair) }

    /// `{"method":"SUBSCRIBE","params":["btcusdt@bookTicker","btcusdt@ticker"],"id":1}` per pair.
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] { BinanceReader.subscribeMessages(for: pairs) }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        reader.receive(message, into: &events)
    }
}

/// Binance.US (`wss://stream.binance.us:9443/stream`), for people in the United States: Binance's
/// protocol on its own host, with USD pairs beside the USDT ones. Its server pings every 3
/// minutes; it removed `!bookTicker`, which is never used here anyway (one stream per symbol).
public struct BinanceUSAdapter: ExchangeAdapter {
    public static let exchange = Exchange.binanceus
    public static let keepaliveMessage: String? = nil
    /// Renewed ten minutes before the 24-hour cut, as on Binance.
    public static let sessionLifetime: Duration? = BinanceAdapter.sessionLifetime

    private var reader: BinanceReader
    public var pairs: [TradingPair] { reader.pairs }

    public init(pairs: [TradingPair]) {
        reader = BinanceReader(exchange: Self.exchange, pairs: pairs)
    }

    /// `btcusd`.
    public static func symbol(for pair: TradingPair) -> String { BinanceReader.symbol(for: pair) }

    /// As Binance's.
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] { BinanceReader.subscribeMessages(for: pairs) }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        reader.receive(message, into: &events)
    }
}
