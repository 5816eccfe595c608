/// One CCCAGG aggregate pair the streamer can quote, e.g. BTC in USD.
struct StreamPair: Sendable, Hashable, Comparable {
    /// The base symbol (`FROMSYMBOL`).
    let from: String
    /// The quote symbol (`TOSYMBOL`).
    let to: String

    /// The only channel the simulator streams: TYPE 5 on the CCCAGG index.
    static let aggregateChannel = "5"
    /// The market name of the aggregate index.
    static let aggregateMarket = "CCCAGG"

    /// Parses `5~CCCAGG~FROM~TO` exactly (upper-case symbols, as the service requires); any other
    /// channel or spelling is nil and gets INVALID_SUB.
    init?(subscription: String) {
        let parts = subscription.split(separator: "~", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.aggregateChannel, parts[1] == Self.aggregateMarket,
            Self.isSymbol(parts[2]), Self.isSymbol(parts[3])
        else { return nil }
        from = String(parts[2])
        to = String(parts[3])
    }

    /// Creates a pair from symbols.
    init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The subscription string, `5~CCCAGG~FROM~TO`.
    var subscription: String { "\(Self.aggregateChannel)~\(Self.aggregateMarket)~\(from)~\(to)" }

    /// Orders pairs by subscription text, so choices over a set of pairs are deterministic.
    static func < (lhs: StreamPair, rhs: StreamPair) -> Bool {
        (lhs.from, lhs.to) < (rhs.from, rhs.to)
    }

    /// The base symbol named by any `TYPE~MARKET~FROM~…` subscription, for the INVALID_SUB text
    /// ("…the exchanges FOO trades on…"); the whole string when it has no such part.
    static func fromSymbol(ofSubscription subscription: String) -> String {
        let parts = subscription.split(separator: "~", omittingEmptySubsequences: false)
        return parts.count > 2 ? String(parts[2]) : subscription
    }

    private static func isSymbol(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 16 && text.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }
}
