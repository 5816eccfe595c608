import Foundation

/// OKX v5's public socket (`exchange-feeds-more.md` §2.2): `bbo-tbt` for the best bid and ask
/// (one level, pushed on change) and `tickers` for the last trade and the 24-hour figures.
///
/// Each subscribe names one pair's two channels, with the pair's index + 1 as `id`; each channel
/// is acknowledged on its own. An instrument OKX does not list is refused with error 60018
/// ("…instId:NOPE-USDT doesn't exist"), which is "not listed". OKX closes a socket after 30 s
/// without a message from the client, so the feed sends the text `ping` when quiet for 20 s
/// (`ExchangeFeedConfiguration.keepaliveAfter`), answered with the text `pong`. A `notice` with
/// code 64008 comes about a minute before a service upgrade cuts the socket: a new one is opened
/// at once. The two channels are halves of one quote, merged per pair as Binance's are. OKX
/// quotes Bitcoin in USDT and USDC, not USD.
public struct OKXAdapter: ExchangeAdapter {
    public static let exchange = Exchange.okx
    /// The bare text `ping`, not JSON; answered by the bare text `pong`.
    public static let keepaliveMessage: String? = "ping"

    public let pairs: [TradingPair]
    private let tables: OKXTables
    /// The merged quote of each pair, by index.
    private var quotes: [ExchangeQuote]
    /// The entries of one message, reused.
    private var entries: [OKXTables.Entry] = []

    public init(pairs: [TradingPair]) {
        self.pairs = pairs
        tables = OKXTables(pairs: pairs)
        quotes = pairs.map { ExchangeQuote(exchange: .okx, pair: $0) }
    }

    /// `BTC-USDT`.
    public static func symbol(for pair: TradingPair) -> String {
        "\(pair.base)-\(pair.quote)"
    }

    /// `{"id":"1","op":"subscribe","args":[{"channel":"bbo-tbt","instId":"BTC-USDT"},{"channel":"tickers","instId":"BTC-USDT"}]}`
    /// per pair.
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] {
        pairs.enumerated().map { index, pair in
            let symbol = symbol(for: pair)
            return #"{"id":""# + String(index + 1) + #"","op":"subscribe","args":[{"channel":"bbo-tbt","instId":""# + symbol
                + #""},{"channel":"tickers","instId":""# + symbol + #""}]}"#
        }
    }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        if message.elementsEqual("pong".utf8) { return events.append(.heartbeat) }
        var scan = OKXScan()
        entries.removeAll(keepingCapacity: true)
        guard var cursor = JSONCursor(message) else { return events.append(.malformed) }
        do {
            try tables.scan(&cursor, into: &scan, entries: &entries)
        } catch {
            return events.append(.malformed)
        }
        if let event = scan.event { return events.append(self.event(event, scan)) }
        guard let channel = scan.channel, scan.dataRead else { return events.append(.malformed) }
        guard scan.hasInstrument else { return events.append(.malformed) }
        guard let pair = scan.pair, channel != .other else { return events.append(.ignored) }
        let start = events.count
        for entry in entries { apply(entry, channel: channel, pair: pair, into: &events) }
        if events.count == start { events.append(.ignored) }
    }

    /// One entry of a push: a ticker replaces the pair's quote; a book level updates its bid and
    /// ask; a book entry with no level on either side is OKX's liveness event.
    private mutating func apply(_ entry: OKXTables.Entry, channel: OKXScan.Channel, pair: Int, into events: inout [ExchangeEvent]) {
        switch channel {
        case .tickers:
            quotes[pair] = ExchangeQuote(
                exchange: .okx, pair: pairs[pair], bid: entry.bid, bidSize: entry.bidSize, ask: entry.ask, askSize: entry.askSize, last: entry.last,
                lastSize: entry.lastSize, exchangeTime: entry.time
            ).with(day: DayFigures(open: entry.open, high: entry.high, low: entry.low, volume: entry.volume))
            events.append(.quote(quotes[pair]))
        case .bbo:
            guard entry.hasLevel else { return events.append(.heartbeat) }
            var quote = quotes[pair]
            quote.bid = entry.bid
            quote.bidSize = entry.bidSize
            quote.ask = entry.ask
            quote.askSize = entry.askSize
            quote.exchangeTime = entry.time
            quotes[pair] = quote
            events.append(.quote(quote))
        case .other:
            return
        }
    }

    /// An `event` message: an acknowledgement, a refusal, a notice, or something to ignore.
    private func event(_ event: OKXScan.Event, _ scan: OKXScan) -> ExchangeEvent {
        switch event {
        case .subscribe:
            guard let pair = scan.pair else { return .ignored }
            return .subscribed(pairs[pair])
        case .error:
            let message = scan.message ?? ""
            guard scan.code == "60018" else { return .error(message: message.isEmpty ? "error \(scan.code ?? "")" : message) }
            let symbol = Self.instrument(in: message) ?? ""
            let pair =
                tables.instruments.value(symbol)
                ?? scan.id.flatMap(Int.init).flatMap { (1...pairs.count).contains($0) ? $0 - 1 : nil }
            return .notListed(pair: pair.map { pairs[$0] }, symbol: symbol, message: message)
        case .notice:
            // 64008: the service is upgraded in about a minute and this socket will be cut.
            return scan.code == "64008" ? .reconnect(.maintenance) : .ignored
        case .other:
            return .ignored
        }
    }

    /// The instrument a 60018 message names: `…,instId:NOPE-USDT doesn't exist…`.
    static func instrument(in message: String) -> String? {
        guard let start = message.range(of: "instId:")?.upperBound else { return nil }
        let symbol = message[start...].prefix { $0 != " " && $0 != "," }
        return symbol.isEmpty ? nil : String(symbol)
    }
}
