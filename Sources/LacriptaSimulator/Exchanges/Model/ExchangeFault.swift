/// A misbehaviour of one simulated exchange, switched on at start (`--exchange-fault`) or at run
/// time (`ExchangeFeeds.setFaults`). Counted faults count the text messages sent on each socket
/// since it opened or since the fault was switched on, whichever is later, so a reconnecting
/// client meets the same fault again.
public enum ExchangeFault: Sendable, Hashable, CustomStringConvertible {
    /// Close TCP without a WebSocket Close (the client sees 1006) after N messages.
    case drop(afterMessages: Int)
    /// After N messages send nothing at all, heartbeats included, and answer no ping or Close;
    /// TCP stays open. Only a client's watchdog notices.
    case silence(afterMessages: Int)
    /// Refuse `pair` as not listed, in the exchange's own error shape (Bitstamp, like the real
    /// one, acknowledges an unknown symbol and then sends nothing for it).
    case unlisted(ExchangePair)
    /// After N messages send the exchange's "please reconnect" notice (Kraken `status`
    /// maintenance, Bitstamp `bts:request_reconnect`, Bitfinex `info` 20051; Coinbase documents
    /// none, so it closes with 1001), stop the updates and close a little later.
    case maintenance(afterMessages: Int)
    /// Before every Nth update, a copy of it cut in half: text the client must count and skip.
    case malformed(every: Int)
    /// Refuse every upgrade with HTTP 451 and Binance's "restricted location" body, as Binance
    /// answers from the United States. Only at start (`--exchange-fault restricted@binance`):
    /// switched on later it changes nothing.
    case restricted
    /// Before every Nth update one sequence number is skipped, on a wire that numbers its updates
    /// per pair (CEX.IO's `seqId`): the client must resubscribe that pair.
    case gap(every: Int)

    /// Binance's 451 body (reference §2.1, trimmed where the reference trims it).
    static let restrictedBody =
        #"{"code": 0,"msg": "Service unavailable from a restricted location according to 'b. Eligibility' in https://www.binance.com/en/terms. Please contact customer service if you believe you received this message in error."}"#

    /// Messages before a counted fault when the argument names none.
    public static let defaultCount = 10
    /// The default spacing of skipped sequence numbers.
    public static let defaultGapSpacing = 5
    /// The default spacing of malformed messages.
    public static let defaultMalformedSpacing = 20
    /// The pair refused by a bare `unlisted`.
    public static let defaultUnlistedPair = ExchangePair(known: "BTC", "USD")

    /// The mode names for help and error messages.
    public static let argumentNames = ["drop[:N]", "silence[:N]", "unlisted[:PAIR]", "maintenance[:N]", "malformed[:N]", "restricted", "gap[:N]"]

    /// Parses `drop`, `drop:5`, `unlisted:ETH-USD` and the like; nil for anything else.
    public init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let value = parts.count > 1 ? parts[1] : nil
        func count(default fallback: Int, minimum: Int) -> Int? {
            guard let value else { return fallback }
            guard let number = Int(value), number >= minimum, number <= 1_000_000 else { return nil }
            return number
        }
        switch parts[0] {
        case "drop": guard let n = count(default: Self.defaultCount, minimum: 0) else { return nil }; self = .drop(afterMessages: n)
        case "silence": guard let n = count(default: Self.defaultCount, minimum: 0) else { return nil }; self = .silence(afterMessages: n)
        case "maintenance":
            guard let n = count(default: Self.defaultCount, minimum: 0) else { return nil }
            self = .maintenance(afterMessages: n)
        case "malformed":
            guard let n = count(default: Self.defaultMalformedSpacing, minimum: 1) else { return nil }
            self = .malformed(every: n)
        case "gap":
            guard let n = count(default: Self.defaultGapSpacing, minimum: 1) else { return nil }
            self = .gap(every: n)
        case "restricted":
            guard value == nil else { return nil }
            self = .restricted
        case "unlisted":
            guard let value else {
                self = .unlisted(Self.defaultUnlistedPair)
                return
            }
            guard let pair = ExchangePair(value) else { return nil }
            self = .unlisted(pair)
        default: return nil
        }
    }

    /// The argument spelling, e.g. `drop:10`.
    public var description: String {
        switch self {
        case .drop(let n): "drop:\(n)"
        case .silence(let n): "silence:\(n)"
        case .unlisted(let pair): "unlisted:\(pair.base)-\(pair.quote)"
        case .maintenance(let n): "maintenance:\(n)"
        case .malformed(let n): "malformed:\(n)"
        case .restricted: "restricted"
        case .gap(let n): "gap:\(n)"
        }
    }
}

/// `MODE[@EXCHANGE]` on the command line: a fault or rate for one exchange, or (without `@`) for
/// all four.
public struct ExchangeSetting<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The exchange, or nil for every one.
    public var exchange: SimulatedExchange?
    /// The fault or rate.
    public var value: Value

    /// Creates a setting.
    public init(_ value: Value, for exchange: SimulatedExchange? = nil) {
        self.value = value
        self.exchange = exchange
    }

    /// Splits `VALUE@EXCHANGE` at its last `@`; nil when the value or the exchange does not parse.
    static func parse(_ text: String, value parseValue: (String) -> Value?) -> ExchangeSetting? {
        guard let at = text.lastIndex(of: "@") else { return parseValue(text).map { ExchangeSetting($0) } }
        guard let exchange = SimulatedExchange(argument: String(text[text.index(after: at)...])),
            let value = parseValue(String(text[..<at]))
        else { return nil }
        return ExchangeSetting(value, for: exchange)
    }

    /// Whether the setting applies to `exchange`.
    func applies(to exchange: SimulatedExchange) -> Bool {
        self.exchange == nil || self.exchange == exchange
    }
}
