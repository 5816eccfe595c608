import Foundation

/// Coinbase Exchange's keyless `ws-feed`: `ticker` for bid, ask and last, `heartbeat` for
/// liveness.
///
/// Each subscribe names one product: one unknown product id voids a whole subscribe message
/// ("Invalid product ID provided"), so a bad pair must not take the good ones down with it.
/// The ticker is a full record sent on every match, so it is replaced, never merged; its book
/// sizes are missing before 2022 and its trade fields on the first frame after subscribing.
/// Coinbase has no application ping, and its maintenance is not announced on this feed: a
/// close is the only signal.
public struct CoinbaseAdapter: ExchangeAdapter {
    public static let exchange = Exchange.coinbase
    public static let keepaliveMessage: String? = nil

    public let pairs: [TradingPair]
    private let tables: CoinbaseTables

    public init(pairs: [TradingPair]) {
        self.pairs = pairs
        tables = CoinbaseTables(symbols: pairs.map(Self.symbol(for:)))
    }

    /// `BTC-USD`.
    public static func symbol(for pair: TradingPair) -> String {
        "\(pair.base)-\(pair.quote)"
    }

    /// `{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}` per pair.
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] {
        pairs.map { #"{"type":"subscribe","product_ids":[""# + symbol(for: $0) + #""],"channels":["ticker","heartbeat"]}"# }
    }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        var scan = CoinbaseScan()
        guard var cursor = JSONCursor(message) else { return events.append(.malformed) }
        do {
            try tables.scan(&cursor, into: &scan)
        } catch {
            return events.append(.malformed)
        }
        classify(scan, into: &events)
    }

    /// The events of a well-formed message.
    private func classify(_ scan: CoinbaseScan, into events: inout [ExchangeEvent]) {
        switch scan.kind {
        case nil:
            events.append(.malformed)
        case .ticker:
            guard scan.hasProduct else { return events.append(.malformed) }
            guard let pair = scan.pair else { return events.append(.ignored) }
            let quote = ExchangeQuote(
                exchange: .coinbase, pair: pairs[pair], bid: scan.bestBid, bidSize: scan.bestBidSize, ask: scan.bestAsk,
                askSize: scan.bestAskSize, last: scan.price, lastSize: scan.lastSize, exchangeTime: scan.time
            ).with(day: DayFigures(open: scan.open24h, high: scan.high24h, low: scan.low24h, volume: scan.volume24h))
            events.append(.quote(quote))
        case .heartbeat:
            events.append(.heartbeat)
        case .subscriptions:
            if scan.acknowledged.isEmpty { return events.append(.ignored) }
            for pair in scan.acknowledged.sorted() { events.append(.subscribed(pairs[pair])) }
        case .error:
            events.append(error(message: scan.message, reason: scan.reason))
        case .other:
            events.append(.ignored)
        }
    }

    /// An error frame: a refused product, or anything else (`No channels provided`).
    ///
    /// The recorded refusals are `"<id> is not a valid product"` (the id may be empty) and, in
    /// 2017, `"Invalid product ID provided"`, which names no product.
    private func error(message: String?, reason: String?) -> ExchangeEvent {
        // The reason may open with a space where the product id was empty: trimmed for the text.
        let parts = [message, reason].compactMap { $0?.trimmingCharacters(in: .whitespaces) }
        let text = parts.filter { !$0.isEmpty }.joined(separator: ": ")
        guard let reason else { return .error(message: text) }
        let suffix = " is not a valid product"
        if reason.hasSuffix(suffix) {
            let symbol = String(reason.dropLast(suffix.count))
            return .notListed(pair: tables.products.value(symbol).map { pairs[$0] }, symbol: symbol, message: text)
        }
        if reason.lowercased().contains("invalid product") {
            return .notListed(pair: nil, symbol: "", message: text)
        }
        return .error(message: text)
    }
}
