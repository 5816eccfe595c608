/// Identifies one price stream: the market and the pair, as in `CCCAGG` `BTC`→`USD`.
///
/// The feed keys its per-pair state by this value. Symbols are kept exactly as the server sent them
/// (they are upper-case on the wire); short strings like these are stored inline by Swift, so
/// building a key per message does not allocate.
public struct PairKey: Sendable, Hashable, CustomStringConvertible {
    /// `CCCAGG` or an exchange name.
    public var market: String
    /// Base symbol (`BTC`).
    public var from: String
    /// Quote symbol (`USD`).
    public var to: String

    /// Creates a key from its three parts.
    public init(market: String, from: String, to: String) {
        self.market = market
        self.from = from
        self.to = to
    }

    /// `CCCAGG:BTC-USD`, for diagnostics.
    public var description: String {
        "\(market):\(from)-\(to)"
    }
}
