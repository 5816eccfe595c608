/// A base/quote pair the exchange feeds quote, in the simulator's spelling (`BTC/USD`).
public struct ExchangePair: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The coin, e.g. `BTC`.
    public let base: String
    /// The currency it is priced in, e.g. `USD`.
    public let quote: String

    /// A pair from two upper-case codes; nil unless both are 1...16 ASCII letters or digits.
    public init?(base: String, quote: String) {
        guard Self.isCode(base.uppercased()), Self.isCode(quote.uppercased()) else { return nil }
        self.base = base.uppercased()
        self.quote = quote.uppercased()
    }

    /// A pair from `BASE/QUOTE` or `BASE-QUOTE`; nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "-" }
        guard parts.count == 2 else { return nil }
        self.init(base: String(parts[0]), quote: String(parts[1]))
    }

    /// A pair from codes known to be valid (the simulator's own literals).
    init(known base: String, _ quote: String) {
        self.base = base
        self.quote = quote
    }

    public var description: String { "\(base)/\(quote)" }

    public static func < (lhs: ExchangePair, rhs: ExchangePair) -> Bool {
        (lhs.base, lhs.quote) < (rhs.base, rhs.quote)
    }

    private static func isCode(_ text: String) -> Bool {
        (1...16).contains(text.utf8.count) && text.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }
}
