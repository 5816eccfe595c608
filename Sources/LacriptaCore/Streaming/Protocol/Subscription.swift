/// One streamer channel subscription, written on the wire as `TYPE~MARKET~FROM~TO`
/// (for example `5~CCCAGG~BTC~USD`).
///
/// Symbols are upper-cased on creation because the service treats `5~CCCAGG~btc~USD` as a different,
/// unknown subscription. The market keeps its case (`Coinbase`, `CCCAGG`), as the service spells it.
public struct Subscription: Sendable, Hashable, CustomStringConvertible {
    /// The channel type: 5 aggregate index (CCCAGG), 2 ticker, 0 trade, 8 order book, 30 top of book.
    public let channel: Int
    /// The market: `CCCAGG` for the aggregate index, otherwise an exchange name.
    public let market: String
    /// The base symbol, upper-cased (`BTC`).
    public let from: String
    /// The quote symbol, upper-cased (`USD`).
    public let to: String

    /// The channel number of the CCCAGG aggregate index.
    public static let aggregateChannel = 5
    /// The channel number of a single exchange's ticker.
    public static let tickerChannel = 2
    /// The market name of the aggregate index.
    public static let aggregateMarket = "CCCAGG"

    /// Creates a subscription, or `nil` when a component is empty or holds characters the wire
    /// format cannot carry (`~`, quotes, spaces, control characters).
    public init?(channel: Int = Subscription.aggregateChannel, market: String = Subscription.aggregateMarket, from: String, to: String) {
        let from = from.uppercased()
        let to = to.uppercased()
        guard channel >= 0,
            Self.isValidComponent(market),
            Self.isValidComponent(from),
            Self.isValidComponent(to)
        else { return nil }
        self.channel = channel
        self.market = market
        self.from = from
        self.to = to
    }

    /// The CCCAGG aggregate index subscription for a pair, e.g. `aggregate(from: "btc", to: "usd")`.
    public static func aggregate(from: String, to: String) -> Subscription? {
        Subscription(from: from, to: to)
    }

    /// Parses the wire form `TYPE~MARKET~FROM~TO`; `nil` for anything else (other channel shapes
    /// such as `11~BTC` or `24~CCCAGG~BTC~USD~m` are not supported by the feed).
    public init?(parsing text: String) {
        let parts = text.split(separator: "~", omittingEmptySubsequences: false)
        guard parts.count == 4, let channel = Int(parts[0]) else { return nil }
        self.init(channel: channel, market: String(parts[1]), from: String(parts[2]), to: String(parts[3]))
    }

    /// The pair this subscription delivers updates for.
    public var pair: PairKey {
        PairKey(market: market, from: from, to: to)
    }

    /// The wire form, e.g. `5~CCCAGG~BTC~USD`.
    public var description: String {
        "\(channel)~\(market)~\(from)~\(to)"
    }

    /// Letters, digits and the few punctuation marks exchanges and symbols use; nothing that needs
    /// escaping in JSON or could break the `~` separated form.
    private static func isValidComponent(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 64 else { return false }
        return text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
                UInt8(ascii: "_"), UInt8(ascii: "*"):
                return true
            default:
                return false
            }
        }
    }
}
