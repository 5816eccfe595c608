import Foundation

/// Gemini's current market-data socket (`wss://ws.gemini.com`, `exchange-feeds-more.md` §2.4):
/// `<symbol>@bookTicker` for the best bid and ask, in real time.
///
/// Each subscribe names one stream with the pair's index + 1 as `id` (one bad stream name
/// rejects the whole frame, so a bad pair must not share it with good ones), answered
/// `{"id":N,"status":200}`; an unknown symbol is refused with error -1013 ("Invalid stream
/// name"), which is "not listed". Its quirks: `E` is in nanoseconds and above 2^53, so it is read
/// as an integer (as a `Double` it would lose the microseconds); prices are strings padded with
/// zeros (`"77401.500"`), kept as sent; and an empty string for a bid is "no bid", not a crash.
/// The server pings with protocol frames every 20 s; the keepalive is the application ping
/// `{"id":0,"method":"ping"}`, answered `{"id":0,"status":200}`. The stream has no last trade.
public struct GeminiAdapter: ExchangeAdapter {
    public static let exchange = Exchange.gemini
    /// Id 0 belongs to no pair (those count from 1), so its answer reads as a heartbeat.
    public static let keepaliveMessage: String? = #"{"id":0,"method":"ping"}"#

    public let pairs: [TradingPair]
    private let tables: GeminiTables

    public init(pairs: [TradingPair]) {
        self.pairs = pairs
        tables = GeminiTables(pairs: pairs)
    }

    /// `btcusd`: this API spells symbols in lower case (v2 wanted upper case).
    public static func symbol(for pair: TradingPair) -> String {
        (pair.base + pair.quote).lowercased()
    }

    /// `{"id":"1","method":"subscribe","params":["btcusd@bookTicker"]}` per pair.
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] {
        pairs.enumerated().map { index, pair in
            #"{"id":""# + String(index + 1) + #"","method":"subscribe","params":[""# + symbol(for: pair) + #"@bookTicker"]}"#
        }
    }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        var scan = GeminiScan()
        guard var cursor = JSONCursor(message) else { return events.append(.malformed) }
        do {
            try tables.scan(&cursor, into: &scan)
        } catch {
            return events.append(.malformed)
        }
        events.append(classify(scan))
    }

    /// The event of a well-formed message.
    private func classify(_ scan: GeminiScan) -> ExchangeEvent {
        if scan.isBook {
            guard scan.hasSymbol else { return .malformed }
            guard let pair = scan.pair else { return .ignored }
            let time = scan.eventTime.map { Double($0 / 1_000_000_000) + Double($0 % 1_000_000_000) / 1_000_000_000 }
            return .quote(
                ExchangeQuote(
                    exchange: .gemini, pair: pairs[pair], bid: scan.bid, bidSize: scan.bidSize, ask: scan.ask, askSize: scan.askSize,
                    exchangeTime: time))
        }
        guard let status = scan.status else { return .malformed }
        let pair = scan.id.flatMap { $0 >= 1 && $0 <= Int64(pairs.count) ? Int($0 - 1) : nil }
        if status == 200 {
            // A subscribe's answer names its pair by id; any other (the ping's) is proof of life.
            return pair.map { .subscribed(pairs[$0]) } ?? .heartbeat
        }
        let message = scan.errorMessage ?? "status \(status)"
        guard scan.errorCode == -1013 else { return .error(message: message) }
        // "Invalid stream name: nopeusd@bookTicker".
        let stream = message.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let symbol = String(stream.prefix { $0 != "@" })
        return .notListed(pair: tables.symbols.value(symbol).map { pairs[$0] } ?? pair.map { pairs[$0] }, symbol: symbol, message: message)
    }
}
